package dev.tollgate.registry.store;

import dev.tollgate.registry.pricing.OperationKind;
import org.jspecify.annotations.Nullable;

/**
 * One operation of a registered document as priced at registration.
 *
 * @param name {@code null} for an anonymous operation
 * @param price the compiled price expression in its serialised form ({@code
 *     CompiledPrice#serialize})
 * @param cost the cost at default variables
 * @param depth the depth at default variables
 * @param schemaFingerprint SHA-256 of the schema text the price was computed against
 */
public record StoredOperation(
    @Nullable String name,
    OperationKind kind,
    String price,
    long cost,
    int depth,
    int aliases,
    int tokens,
    String schemaFingerprint) {}
