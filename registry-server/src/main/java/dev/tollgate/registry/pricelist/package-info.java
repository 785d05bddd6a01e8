/**
 * The price list clients read: the schema's {@code @cost}/{@code @listSize} entries by schema
 * coordinate, the cost model, and each policy's limits and budget by policy name (never a key).
 */
@NullMarked
package dev.tollgate.registry.pricelist;

import org.jspecify.annotations.NullMarked;
