package dev.tollgate.registry.schema;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The answer to a schema's publication or dry run.
 *
 * @param stored whether the registry holds the schema now (a dry run: whether it already did)
 * @param created whether this publication stored it
 * @param publishedBy who published it; null when not stored
 * @param created when it was stored; null when not stored
 */
public record SchemaPublication(
    String fingerprint,
    boolean dryRun,
    boolean stored,
    boolean created,
    boolean active,
    @Nullable String publishedBy,
    @Nullable Instant at,
    ImpactReport report) {}
