package dev.tollgate.graphqljava;

import dev.tollgate.registry.keys.KeyRing;
import dev.tollgate.registry.policy.KeyPolicy;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The policy of each API key, as the gateway's callers: the keys given to the builder (the
 * application's configuration), then the keys issued at runtime on the registry ({@link KeyRing}:
 * the SHA-256 of the presented key looked up in the snapshot's hashes), and the anonymous policy of
 * a caller with none. An unknown, revoked or expired key finds nobody, as at the gateway.
 */
record Callers(Map<String, KeyPolicy> keys, KeyPolicy anonymous, KeyRing issued) {

  Callers {
    keys = Map.copyOf(keys);
  }

  /** The policy of {@code apiKey} ({@code null}: the anonymous one), or {@code null} if unknown. */
  @Nullable KeyPolicy find(@Nullable String apiKey) {
    if (apiKey == null) {
      return anonymous;
    }
    KeyPolicy policy = keys.get(apiKey);
    return policy != null ? policy : issued.find(apiKey);
  }
}
