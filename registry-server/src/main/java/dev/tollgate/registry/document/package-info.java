/** Document identity: SHA-256 of the exact text, and the spellings clients send. */
@NullMarked
package dev.tollgate.registry.document;

import org.jspecify.annotations.NullMarked;
