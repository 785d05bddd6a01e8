package dev.tollgate.registry.calibration;

import com.github.benmanes.caffeine.cache.Cache;
import dev.tollgate.registry.admission.AdmittedOperation;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.ActualCost;
import dev.tollgate.registry.pricing.ActualCostPlan;
import dev.tollgate.registry.pricing.ActualCostPlans;
import dev.tollgate.registry.pricing.ListObservation;
import dev.tollgate.registry.pricing.OperationPricer;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The hot path of measured cost: the actual cost of each answer, from the operation's {@link
 * ActualCostPlan} (compiled once per document and operation name, then cached: {@link
 * ActualCostPlans}), observed in the cost histograms on {@code /metrics}, in the calibration
 * counters, in the usage counters (per document and per version) and in the per-operation traffic,
 * all in memory; {@link Calibration} flushes them. An answer served from the response cache counts
 * as any other, at the actual cost measured when it was stored.
 */
public final class CostMeter {

  /** The {@code operation} label of open-mode text: one label for all of it. */
  public static final String OPEN_LABEL = "(open)";

  static final String ANONYMOUS = "(anonymous)";

  private final ActualCostPlans plans;
  private final AssumedSizes assumed;
  private final GatewayMetrics metrics;
  private final Aggregates aggregates;
  private final OperationTraffic traffic;
  private final VersionIndex versions;
  private final InstantSource clock;
  private final boolean enabled;
  private final Map<SeriesKey, OperationSeries> series = new ConcurrentHashMap<>();

  CostMeter(
      Supplier<OperationPricer> pricer,
      Cache<ActualCostPlans.Key, Optional<ActualCostPlan>> plans,
      GatewayMetrics metrics,
      Aggregates aggregates,
      OperationTraffic traffic,
      VersionIndex versions,
      InstantSource clock,
      boolean enabled) {
    this.plans = new ActualCostPlans(pricer, plans);
    this.assumed = new AssumedSizes(pricer);
    this.metrics = metrics;
    this.aggregates = aggregates;
    this.traffic = traffic;
    this.versions = versions;
    this.clock = clock;
    this.enabled = enabled;
  }

  /** Drops every compiled plan (another schema is active). */
  void clearPlans() {
    plans.clear();
    assumed.clear();
  }

  /**
   * Measures the answer to {@code operation}: its actual cost, and the list sizes it returned in
   * the calibration counters. Count the answer with {@link #served} once settled.
   *
   * @param data the answer's {@code data}, asked for only when there is a plan to measure it with
   * @return the actual cost, or {@code null} when measuring is off or the plan cannot be compiled
   */
  public @Nullable Long answered(
      KeyPolicy policy, AdmittedOperation operation, Supplier<@Nullable Object> data) {
    if (!enabled) {
      return null;
    }
    ActualCostPlan plan =
        plans.of(
            operation.document(), operation.request().operationName(), operation.request()::query);
    if (plan == null) {
      return null;
    }
    ActualCost actual = plan.measure(data.get(), operation.request().variables());
    for (ListObservation list : actual.lists()) {
      aggregates.record(Aggregates.FIELD, list.coordinate(), "observed", list.size());
      if (list.requested() != null) {
        aggregates.record(Aggregates.FIELD, list.coordinate(), "requested", list.requested());
      }
      Quality.record(
          aggregates, Aggregates.FIELD, list.coordinate(), assumed.sizeOf(list), list.size());
    }
    return actual.cost();
  }

  /**
   * Counts one answered request, from the upstream or from the response cache, once {@code
   * settled}: in the cost histograms of {@code /metrics} and the estimated-and-actual counters of
   * the calibration report (when measured), in the usage of its document and version, and in the
   * per-operation traffic with the units charged (estimated, less any refund).
   *
   * @param alias the custom id the request named its document by, if any
   */
  public void served(
      KeyPolicy policy,
      AdmittedOperation operation,
      Decision.Admitted settled,
      @Nullable String alias) {
    Long actual = settled.actual();
    Instant now = clock.instant();
    OperationSeries counters = operation.registered() ? seriesOf(operation) : null;
    if (actual != null) {
      metrics.cost(policy.name(), label(operation), operation.cost(), actual);
      if (counters != null) {
        counters.calibrate(operation.cost(), actual);
      }
    }
    if (enabled && counters != null) {
      counters.used(now);
    }
    long refunded = settled.refunded() == null ? 0 : settled.refunded();
    traffic.answered(
        rowOf(policy, operation, counters, alias, now),
        now,
        Math.max(0, operation.cost() - refunded),
        operation.cost(),
        actual);
  }

  /** The traffic row of an answer: a registered operation's last one while it still holds. */
  private OperationTraffic.Row rowOf(
      KeyPolicy policy,
      AdmittedOperation operation,
      @Nullable OperationSeries counters,
      @Nullable String alias,
      Instant now) {
    VersionIndex.Served served = versions.attribute(policy, operation.document(), alias);
    if (counters == null) {
      return new OperationTraffic.Row(
          key(
              policy,
              served,
              operation.document().hex(),
              operation.request().operationName(),
              now));
    }
    OperationTraffic.Row last = counters.traffic;
    if (last != null && last.holds(now, policy.name(), served)) {
      return last;
    }
    OperationTraffic.Row row =
        new OperationTraffic.Row(
            key(policy, served, counters.document, operation.request().operationName(), now));
    counters.traffic = row;
    return row;
  }

  /**
   * Counts one refused request in the per-operation traffic, under its document when known (else
   * under the id or text it sent, as open-mode text).
   */
  public void refused(
      KeyPolicy policy,
      @Nullable DocumentHash document,
      @Nullable String operationName,
      @Nullable String alias,
      String code) {
    String id = document == null ? (alias == null ? "" : alias) : document.hex();
    Instant now = clock.instant();
    traffic.refused(
        key(policy, versions.attribute(policy, document, alias), id, operationName, now),
        now,
        code);
  }

  /** The counters of a registered operation, found once. */
  private OperationSeries seriesOf(AdmittedOperation operation) {
    String name = operationName(operation);
    return series.computeIfAbsent(
        new SeriesKey(operation.document(), name),
        key -> new OperationSeries(aggregates, key.document(), key.operationName()));
  }

  /**
   * @param served the version the request ran under, when known
   * @param document the id the row is counted under: the document's hex form, else what was sent
   */
  private static OperationTraffic.Key key(
      KeyPolicy policy,
      VersionIndex.@Nullable Served served,
      String document,
      @Nullable String operationName,
      Instant now) {
    String name = operationName == null ? "" : operationName;
    return new OperationTraffic.Key(
        OperationTraffic.hourOf(now),
        policy.name(),
        served == null ? "" : served.app(),
        served == null ? "" : served.version(),
        document.length() > 64 ? document.substring(0, 64) : document,
        name.length() > 1000 ? name.substring(0, 1000) : name);
  }

  private static String label(AdmittedOperation operation) {
    if (!operation.registered()) {
      return OPEN_LABEL;
    }
    String name = operation.request().operationName();
    return name == null ? ANONYMOUS : name;
  }

  private static String operationName(AdmittedOperation operation) {
    String name = operation.request().operationName();
    return name == null ? "" : name;
  }

  private record SeriesKey(DocumentHash document, String operationName) {}
}
