package dev.tollgate.registry.store;

import java.time.Instant;

/**
 * A publication of a SNAPSHOT version that a later manifest replaced: one entry of the version's
 * history.
 *
 * @param publishedBy the name of the token that published it
 * @param replacedBy the name of the token whose publication replaced it
 */
public record ReplacedPublication(
    String manifestFingerprint,
    String publishedBy,
    Instant published,
    String replacedBy,
    Instant replaced) {}
