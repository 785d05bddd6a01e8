/** Pricing: a pure function of (schema with its price list, document, cost model) giving compiled price expressions and document metrics. */
@NullMarked
package dev.tollgate.registry.pricing;

import org.jspecify.annotations.NullMarked;
