package dev.tollgate.registry.store;

import dev.tollgate.registry.document.DocumentHash;

/**
 * The price of the {@code ordinal}-th operation of a document under a schema other than the one it
 * was registered under.
 *
 * @param valid false when the operation does not validate against that schema ({@code price} then
 *     holds the serialised refusal, {@code cost} and {@code depth} are 0)
 * @param price the serialised price ({@code CompiledPrice#serialize})
 * @param cost the cost at default variables
 */
public record SchemaPrice(
    String schemaFingerprint,
    DocumentHash documentId,
    int ordinal,
    boolean valid,
    String price,
    long cost,
    int depth) {}
