/**
 * The server's one error vocabulary: every stable code clients read ({@link ErrorCode}, with its
 * kind and HTTP status), the kinds of failure ({@link ErrorKind}) and the root exception ({@link
 * TollgateException}). It depends on no other package, so every feature package may use it without
 * a cycle through the wiring package.
 */
@NullMarked
package dev.tollgate.registry.error;

import org.jspecify.annotations.NullMarked;
