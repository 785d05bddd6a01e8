/**
 * The per-operation limits as one table ({@link dev.tollgate.registry.limit.Limit}): each entry's
 * config key and default, the phase it is checked in, its error code and message, whether measure
 * mode relaxes it, and the fact of the document it reads ({@link
 * dev.tollgate.registry.limit.Facts}). The checks of pricing and admission, the price list and the
 * operator API iterate it.
 */
@NullMarked
package dev.tollgate.registry.limit;

import org.jspecify.annotations.NullMarked;
