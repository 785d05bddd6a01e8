/**
 * Tollgate's server: the wiring ({@link RegistryServer}), the one package that imports every other.
 */
@NullMarked
package dev.tollgate.registry;

import org.jspecify.annotations.NullMarked;
