package dev.tollgate.registry.store;

import java.time.Instant;

/**
 * A schema version as the registry keeps it, immutable under its fingerprint.
 *
 * @param fingerprint SHA-256 hex of the SDL text and the model settings
 * @param model the cost model preset's name in lower case ({@code book}, {@code apollo})
 * @param fragmentSpreads {@code first} or {@code each}
 * @param publishedBy the name of the token that published it (never the token)
 */
public record StoredSchema(
    String fingerprint,
    String sdl,
    String model,
    int defaultListSize,
    String fragmentSpreads,
    String publishedBy,
    Instant created) {}
