/**
 * The bundled demo: the cargo schema over in-memory data, served in-process when no upstream is
 * configured.
 */
@NullMarked
package dev.tollgate.registry.demo;

import org.jspecify.annotations.NullMarked;
