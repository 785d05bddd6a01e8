package dev.tollgate.registry.metrics;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The answered operations' costs as Micrometer summaries: {@code tollgate_cost_estimated}, {@code
 * tollgate_cost_actual} and {@code tollgate_cost_delta}, by {@code policy} and {@code operation}.
 * The label pairs are bounded: past {@value #MAX_LABELS} (policy, operation) pairs, a new operation
 * is counted under {@value #OTHER}, so a registry of a million operation names neither grows the
 * heap by three summaries per name nor floods a Prometheus with series.
 */
final class CostMeters {

  /** The most (policy, operation) label pairs; each holds three summaries of 7 buckets. */
  static final int MAX_LABELS = 2_000;

  /** The {@code operation} label of the operations past {@link #MAX_LABELS}. */
  static final String OTHER = "(other)";

  private static final double[] COST_BUCKETS = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};

  private final MeterRegistry registry;
  private final ConcurrentMap<CostLabels, CostSummaries> costs = new ConcurrentHashMap<>();

  CostMeters(MeterRegistry registry) {
    this.registry = registry;
  }

  /** Observes one answered operation's cost; an answer dearer than its estimate has delta 0. */
  void record(String policy, String operation, long estimated, long actual) {
    CostLabels labels = new CostLabels(policy, operation);
    CostSummaries summaries = costs.get(labels);
    if (summaries == null) {
      CostLabels bounded = costs.size() < MAX_LABELS ? labels : new CostLabels(policy, OTHER);
      summaries = costs.computeIfAbsent(bounded, this::costSummaries);
    }
    summaries.estimated().record(estimated);
    summaries.actual().record(actual);
    summaries.delta().record(Math.max(0, estimated - actual));
  }

  private CostSummaries costSummaries(CostLabels labels) {
    return new CostSummaries(
        costSummary("tollgate.cost.estimated", "Estimated cost of answered operations.", labels),
        costSummary("tollgate.cost.actual", "Actual cost of answered operations.", labels),
        costSummary(
            "tollgate.cost.delta", "Estimated minus actual cost of answered operations.", labels));
  }

  private DistributionSummary costSummary(String name, String help, CostLabels labels) {
    return DistributionSummary.builder(name)
        .description(help)
        .tag("policy", labels.policy())
        .tag("operation", labels.operation())
        .serviceLevelObjectives(COST_BUCKETS)
        .register(registry);
  }

  private record CostLabels(String policy, String operation) {}

  private record CostSummaries(
      DistributionSummary estimated, DistributionSummary actual, DistributionSummary delta) {}
}
