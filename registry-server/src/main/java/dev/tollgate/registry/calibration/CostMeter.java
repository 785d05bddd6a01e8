package dev.tollgate.registry.calibration;

import com.github.benmanes.caffeine.cache.Cache;
import dev.tollgate.registry.admission.AdmittedOperation;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.ActualCost;
import dev.tollgate.registry.pricing.ActualCostPlan;
import dev.tollgate.registry.pricing.ActualCostPlans;
import dev.tollgate.registry.pricing.ListObservation;
import dev.tollgate.registry.pricing.OperationPricer;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The hot path of measured cost: the actual cost of each answer, from the operation's {@link
 * ActualCostPlan} (compiled once per document and operation name, then cached: {@link
 * ActualCostPlans}), observed in the cost histograms on {@code /metrics}, in the calibration
 * counters and in the usage counters, all in memory; {@link Calibration} flushes them.
 */
public final class CostMeter {

  /** The {@code operation} label of open-mode text: one label for all of it. */
  public static final String OPEN_LABEL = "(open)";

  static final String ANONYMOUS = "(anonymous)";

  private final ActualCostPlans plans;
  private final GatewayMetrics metrics;
  private final Aggregates aggregates;
  private final InstantSource clock;
  private final boolean enabled;

  CostMeter(
      Supplier<OperationPricer> pricer,
      Cache<ActualCostPlans.Key, Optional<ActualCostPlan>> plans,
      GatewayMetrics metrics,
      Aggregates aggregates,
      InstantSource clock,
      boolean enabled) {
    this.plans = new ActualCostPlans(pricer, plans);
    this.metrics = metrics;
    this.aggregates = aggregates;
    this.clock = clock;
    this.enabled = enabled;
  }

  /** Drops every compiled plan (another schema is active). */
  void clearPlans() {
    plans.clear();
  }

  /**
   * Measures the answer {@code body} to {@code operation}: its actual cost, observed in the
   * metrics, the calibration counters and (for a registered document) its usage.
   *
   * @return the actual cost, or {@code null} when measuring is off or the plan cannot be compiled
   */
  public @Nullable Long answered(
      KeyPolicy policy, AdmittedOperation operation, Map<String, @Nullable Object> body) {
    if (!enabled) {
      return null;
    }
    ActualCostPlan plan =
        plans.of(
            operation.document(), operation.request().operationName(), operation.request().query());
    if (plan == null) {
      return null;
    }
    ActualCost actual = plan.measure(body.get("data"), operation.request().variables());
    for (ListObservation list : actual.lists()) {
      aggregates.record(Aggregates.FIELD, list.coordinate(), "observed", list.size());
      if (list.requested() != null) {
        aggregates.record(Aggregates.FIELD, list.coordinate(), "requested", list.requested());
      }
    }
    if (operation.registered()) {
      String subject = subject(operation);
      aggregates.record(Aggregates.OPERATION, subject, "estimated", operation.cost());
      aggregates.record(Aggregates.OPERATION, subject, "actual", actual.cost());
      if (operation.cost() > 0) {
        aggregates.record(
            Aggregates.OPERATION, subject, "ratio", actual.cost() * 1000 / operation.cost());
      }
    }
    served(policy, operation, actual.cost());
    return actual.cost();
  }

  /**
   * An answer served again (from the response cache) at its measured {@code actual} cost: the
   * metrics and usage count it; the calibration counters saw the answer when it was measured.
   */
  public void served(KeyPolicy policy, AdmittedOperation operation, long actual) {
    metrics.cost(policy.name(), label(operation), operation.cost(), actual);
    used(operation);
  }

  /** Counts an admitted request of a registered document that got no measured answer. */
  public void used(AdmittedOperation operation) {
    if (enabled && operation.registered()) {
      aggregates.used(operation.document().hex(), operationName(operation), clock.instant());
    }
  }

  private static String label(AdmittedOperation operation) {
    if (!operation.registered()) {
      return OPEN_LABEL;
    }
    String name = operation.request().operationName();
    return name == null ? ANONYMOUS : name;
  }

  static String subject(AdmittedOperation operation) {
    return operation.document().hex() + "/" + operationName(operation);
  }

  private static String operationName(AdmittedOperation operation) {
    String name = operation.request().operationName();
    return name == null ? "" : name;
  }
}
