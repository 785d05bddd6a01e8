/**
 * Fault and regression tests of whole-system promises (a manifest stored whole or not at all, kill
 * -9 included), run against real processes.
 */
@NullMarked
package dev.tollgate.registry.issues;

import org.jspecify.annotations.NullMarked;
