/**
 * Fault and regression tests of whole-system promises (DESIGN.md §8), run against real processes.
 */
@NullMarked
package dev.tollgate.registry.issues;

import org.jspecify.annotations.NullMarked;
