package dev.tollgate.registry.publish;

import dev.tollgate.registry.policy.KeyPolicy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Whether any caller could run an operation: some policy allowed to run its app admits its cost at
 * default variables (at most the policy's cost limit, or the policy only measures). An operation no
 * policy can run is still stored (variables may make it cheaper), and the report says so.
 */
final class Affordability {

  /** Judges nothing: every operation affordable (a publisher built without the policies). */
  static final Affordability UNKNOWN = new Affordability(null);

  private final List<KeyPolicy> policies;
  private final boolean known;

  private Affordability(@Nullable List<KeyPolicy> policies) {
    this.policies = policies == null ? List.of() : List.copyOf(policies);
    this.known = policies != null;
  }

  static Affordability of(List<KeyPolicy> policies) {
    return new Affordability(policies);
  }

  /** The verdict on an operation of {@code app} costing {@code cost} at default variables. */
  Verdict judge(String app, long cost) {
    if (!known) {
      return Verdict.AFFORDABLE;
    }
    Map<String, Long> limits = new LinkedHashMap<>();
    for (KeyPolicy policy : policies) {
      if (!policy.mayRun(app)) {
        continue;
      }
      boolean admits =
          policy.enforcement() == KeyPolicy.Enforcement.MEASURE || cost <= policy.limits().cost();
      if (admits) {
        return Verdict.AFFORDABLE;
      }
      limits.put(policy.name(), policy.limits().cost());
    }
    return new Verdict(false, limits);
  }

  /**
   * @param limits when not affordable: the cost limit of each policy allowed to run the app (empty:
   *     no policy may run it)
   */
  record Verdict(boolean affordable, Map<String, Long> limits) {
    static final Verdict AFFORDABLE = new Verdict(true, Map.of());

    Verdict {
      limits = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(limits));
    }
  }
}
