/** Tollgate's server: wiring, the root exception and the error kinds. */
@NullMarked
package dev.tollgate.registry;

import org.jspecify.annotations.NullMarked;
