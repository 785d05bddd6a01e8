package dev.tollgate.registry.store;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One published version of an app.
 *
 * @param manifestFingerprint SHA-256 over the manifest's sorted document ids: equal fingerprints
 *     are the same manifest (a re-publish is a no-op), different ones are a conflict
 * @param publishedBy the name of the admin token that published it (never the token)
 */
public record AppVersion(
    String app,
    String version,
    VersionStatus status,
    String manifestFingerprint,
    String publishedBy,
    Instant created,
    @Nullable String retiredBy,
    @Nullable Instant retired) {}
