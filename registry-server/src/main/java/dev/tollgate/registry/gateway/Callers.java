package dev.tollgate.registry.gateway;

import dev.tollgate.registry.policy.KeyPolicy;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Who may call the gateway: the policy of each API key, and the anonymous policy of a caller with
 * none.
 */
public record Callers(Map<String, KeyPolicy> keys, KeyPolicy anonymous) {

  public Callers {
    keys = Map.copyOf(keys);
  }

  /** The caller presenting {@code apiKey} ({@code null}: the anonymous one); empty if unknown. */
  Optional<Caller> find(@Nullable String apiKey) {
    if (apiKey == null) {
      return Optional.of(new Caller(anonymous, true));
    }
    KeyPolicy policy = keys.get(apiKey);
    return policy == null ? Optional.empty() : Optional.of(new Caller(policy, false));
  }

  /**
   * @param anonymous whether the caller sent no key (so an answer without keyed headers may be
   *     cached publicly)
   */
  record Caller(KeyPolicy policy, boolean anonymous) {}
}
