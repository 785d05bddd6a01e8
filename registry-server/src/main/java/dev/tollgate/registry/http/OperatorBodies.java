package dev.tollgate.registry.http;

import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.metrics.RefusalInterval;
import dev.tollgate.registry.metrics.TrafficSample;
import dev.tollgate.registry.policy.KeyPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/** The wire records of {@link OperatorRoutes}. Timestamps are ISO-8601 strings. */
final class OperatorBodies {

  private OperatorBodies() {}

  record PoliciesBody(List<PolicyStatus> policies) {
    static PoliciesBody of(Map<KeyPolicy, @Nullable BudgetCharge> balances) {
      List<PolicyStatus> policies = new ArrayList<>();
      balances.forEach((policy, balance) -> policies.add(PolicyStatus.of(policy, balance)));
      return new PoliciesBody(policies);
    }
  }

  /**
   * One policy by name (the key is never shown).
   *
   * @param limits every entry of the {@link dev.tollgate.registry.limit.Limit} table by its config
   *     key, in table order
   * @param remaining the bucket's balance now, or {@code null} when the budget store cannot say
   * @param resetIn seconds until the bucket is full again, or {@code null} with {@code remaining}
   */
  record PolicyStatus(
      String name,
      String mode,
      List<String> apps,
      boolean requireId,
      String enforcement,
      boolean introspection,
      int cacheMaxAgeSeconds,
      Map<String, Long> limits,
      PriceListBodies.BudgetBody budget,
      @Nullable Long remaining,
      @Nullable Long resetIn) {
    static PolicyStatus of(KeyPolicy policy, @Nullable BudgetCharge balance) {
      return new PolicyStatus(
          policy.name(),
          lower(policy.mode()),
          List.copyOf(new TreeSet<>(policy.apps())),
          policy.requireId(),
          lower(policy.enforcement()),
          policy.introspection(),
          policy.cacheMaxAgeSeconds(),
          policy.limits().byKey(),
          PriceListBodies.BudgetBody.of(policy.budget()),
          balance == null ? null : balance.remaining(),
          balance == null ? null : balance.resetInSeconds());
    }
  }

  /**
   * A policy's recent requests, oldest first.
   *
   * @param limit the policy's per-operation cost limit, the line on the chart
   */
  record TrafficBody(String policy, long limit, String enforcement, List<TrafficEntry> requests) {
    static TrafficBody of(KeyPolicy policy, List<TrafficSample> samples) {
      List<TrafficEntry> requests = new ArrayList<>(samples.size());
      for (TrafficSample sample : samples) {
        requests.add(new TrafficEntry(sample.time().toString(), sample.cost(), sample.outcome()));
      }
      return new TrafficBody(
          policy.name(), policy.limits().cost(), lower(policy.enforcement()), requests);
    }
  }

  record TrafficEntry(String time, @Nullable Long cost, String outcome) {}

  record RefusalsBody(long intervalSeconds, List<IntervalBody> intervals) {
    static RefusalsBody of(Duration interval, List<RefusalInterval> intervals) {
      List<IntervalBody> bodies = new ArrayList<>(intervals.size());
      for (RefusalInterval i : intervals) {
        bodies.add(
            new IntervalBody(i.start().toString(), i.end().toString(), i.ok(), i.refusals()));
      }
      return new RefusalsBody(interval.toSeconds(), bodies);
    }
  }

  record IntervalBody(String start, String end, long ok, Map<String, Long> refusals) {}

  private static String lower(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT);
  }
}
