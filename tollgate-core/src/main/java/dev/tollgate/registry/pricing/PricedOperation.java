package dev.tollgate.registry.pricing;

import org.jspecify.annotations.Nullable;

/**
 * One operation of a document, priced: its name ({@code null} when anonymous), its type, its
 * compiled price (cost and depth depend on variables) and its alias count (does not). The one shape
 * of an operation from publication to admission: {@link OperationPricer} gives it for a text it
 * analyses, the catalog for a registered document whose stored price it restored.
 */
public record PricedOperation(
    @Nullable String name, OperationKind kind, CompiledPrice price, int aliases) {}
