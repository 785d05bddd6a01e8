/**
 * Upstream execution: forwarding admitted operations over HTTP, or to the in-process demo service.
 */
@NullMarked
package dev.tollgate.registry.upstream;

import org.jspecify.annotations.NullMarked;
