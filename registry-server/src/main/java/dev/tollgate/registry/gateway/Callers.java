package dev.tollgate.registry.gateway;

import dev.tollgate.registry.keys.KeyRing;
import dev.tollgate.registry.policy.KeyPolicy;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Who may call the gateway: the policy of each API key of the config file, then of each key issued
 * through the admin API ({@link KeyRing}: by the SHA-256 of the presented key, in memory), and the
 * anonymous policy of a caller with none. An unknown, revoked or expired key finds nobody.
 *
 * @param keys the config file's keys, by secret
 * @param stored the keys issued at runtime, reloaded when the store changes
 */
public record Callers(Map<String, KeyPolicy> keys, KeyPolicy anonymous, KeyRing stored) {

  public Callers {
    keys = Map.copyOf(keys);
  }

  /** The config's keys alone, without any issued at runtime. */
  public Callers(Map<String, KeyPolicy> keys, KeyPolicy anonymous) {
    this(keys, anonymous, new KeyRing(InstantSource.system()));
  }

  /** The caller presenting {@code apiKey} ({@code null}: the anonymous one); empty if unknown. */
  Optional<Caller> find(@Nullable String apiKey) {
    if (apiKey == null) {
      return Optional.of(new Caller(anonymous, true));
    }
    KeyPolicy policy = keys.get(apiKey);
    if (policy == null) {
      policy = stored.find(apiKey);
    }
    return policy == null ? Optional.empty() : Optional.of(new Caller(policy, false));
  }

  /**
   * @param anonymous whether the caller sent no key (so an answer without keyed headers may be
   *     cached publicly)
   */
  record Caller(KeyPolicy policy, boolean anonymous) {}
}
