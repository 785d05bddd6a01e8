/**
 * Admission: decides from a request, its caller's policy, the precomputed price and the budget
 * whether an operation runs.
 */
@NullMarked
package dev.tollgate.registry.admission;

import org.jspecify.annotations.NullMarked;
