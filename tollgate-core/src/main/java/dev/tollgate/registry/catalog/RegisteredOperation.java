package dev.tollgate.registry.catalog;

import dev.tollgate.registry.pricing.CompiledPrice;
import dev.tollgate.registry.pricing.OperationKind;
import org.jspecify.annotations.Nullable;

/** One operation of a registered document, its price restored and ready to evaluate. */
public record RegisteredOperation(
    @Nullable String name, OperationKind kind, CompiledPrice price, int aliases) {}
