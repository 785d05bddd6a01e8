package dev.tollgate.registry.calibration;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * One operation's traffic under one policy over a window, from every gateway: answered requests
 * (cache hits included, as {@code tollgate_cost_estimated_count} counts them), units charged (after
 * refunds) and their share of all units charged in the window, refusals by code, the estimated and
 * actual cost of its answers, and the latest request.
 *
 * @param app the app whose version admitted it; {@code null} for open-mode text (grouped by the
 *     hash of the document)
 * @param name the operation's name; {@code null} when anonymous
 * @param actual {@code null} when no answer was measured
 */
public record OperationTrafficFigures(
    @Nullable String app,
    @Nullable String version,
    String id,
    @Nullable String name,
    String policy,
    long requests,
    long unitsCharged,
    double share,
    Map<String, Long> refusals,
    CalibrationReport.@Nullable Percentiles estimated,
    CalibrationReport.@Nullable Percentiles actual,
    @Nullable Instant lastSeen) {

  public OperationTrafficFigures {
    refusals = Map.copyOf(new TreeMap<>(refusals));
  }

  /** Actual p50 / estimated p50; {@code null} when either is missing or the estimate is 0. */
  public @Nullable Double ratio() {
    if (estimated == null || actual == null || estimated.p50() == 0) {
      return null;
    }
    return (double) actual.p50() / estimated.p50();
  }
}
