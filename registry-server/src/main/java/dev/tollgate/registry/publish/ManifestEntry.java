package dev.tollgate.registry.publish;

import org.jspecify.annotations.Nullable;

/**
 * One entry of a manifest as the client wrote it.
 *
 * @param clientId the id the client gave (the map's key, or Apollo's {@code id}); {@code null} when
 *     absent
 * @param name Apollo's {@code name}, only used to name the entry in errors
 * @param body the document's exact text
 */
record ManifestEntry(@Nullable String clientId, @Nullable String name, String body) {}
