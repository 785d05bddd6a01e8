package dev.tollgate.graphqljava;

import dev.tollgate.registry.policy.KeyPolicy;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The policy of each API key, and the anonymous policy of a caller with none. */
record Callers(Map<String, KeyPolicy> keys, KeyPolicy anonymous) {

  Callers {
    keys = Map.copyOf(keys);
  }

  /** The policy of {@code apiKey} ({@code null}: the anonymous one), or {@code null} if unknown. */
  @Nullable KeyPolicy find(@Nullable String apiKey) {
    return apiKey == null ? anonymous : keys.get(apiKey);
  }
}
