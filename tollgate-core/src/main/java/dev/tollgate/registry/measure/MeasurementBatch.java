package dev.tollgate.registry.measure;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One flush of measured cost, as deltas that add to what the registry holds: histogram buckets and
 * maxima of the calibration report (kind {@value #FIELD}: list sizes {@code observed} and {@code
 * requested} by schema coordinate; kind {@value #OPERATION}: {@code estimated}, {@code actual} cost
 * and their {@code ratio} × 1000 by {@code documentId/operation}), and usage per registered
 * operation. The registry's store keeps the same rows.
 */
public record MeasurementBatch(List<Bucket> buckets, List<Maximum> maxima, List<Usage> usage) {

  public static final String FIELD = "field";
  public static final String OPERATION = "operation";

  /** The measures of each kind. */
  public static final Map<String, List<String>> MEASURES =
      Map.of(
          FIELD,
          List.of("observed", "requested"),
          OPERATION,
          List.of("estimated", "actual", "ratio"));

  public static final MeasurementBatch EMPTY =
      new MeasurementBatch(List.of(), List.of(), List.of());

  public MeasurementBatch {
    buckets = List.copyOf(buckets);
    maxima = List.copyOf(maxima);
    usage = List.copyOf(usage);
  }

  /** {@code count} more values in {@code bucket} ({@link SizeBuckets}) of one histogram. */
  public record Bucket(String kind, String subject, String measure, int bucket, long count) {}

  /** The largest value of one histogram in this batch. */
  public record Maximum(String kind, String subject, String measure, long maxValue) {}

  /**
   * Admitted requests of one operation ({@code ""} for an anonymous one) of a registered document,
   * and the latest.
   */
  public record Usage(String documentId, String operation, long requests, Instant lastSeen) {}

  public boolean isEmpty() {
    return buckets.isEmpty() && maxima.isEmpty() && usage.isEmpty();
  }

  /** How many rows: what a bound on kept batches counts. */
  public int rows() {
    return buckets.size() + maxima.size() + usage.size();
  }

  /** This batch and {@code later} as one: counts added, maxima and last uses the larger. */
  public MeasurementBatch plus(MeasurementBatch later) {
    Map<List<Object>, Bucket> buckets = new LinkedHashMap<>();
    for (Bucket b : concat(this.buckets, later.buckets)) {
      buckets.merge(
          List.of(b.kind(), b.subject(), b.measure(), b.bucket()),
          b,
          (x, y) ->
              new Bucket(x.kind(), x.subject(), x.measure(), x.bucket(), x.count() + y.count()));
    }
    Map<List<Object>, Maximum> maxima = new LinkedHashMap<>();
    for (Maximum m : concat(this.maxima, later.maxima)) {
      maxima.merge(
          List.of(m.kind(), m.subject(), m.measure()),
          m,
          (x, y) -> x.maxValue() >= y.maxValue() ? x : y);
    }
    Map<List<Object>, Usage> usage = new LinkedHashMap<>();
    for (Usage u : concat(this.usage, later.usage)) {
      usage.merge(
          List.of(u.documentId(), u.operation()),
          u,
          (x, y) ->
              new Usage(
                  x.documentId(),
                  x.operation(),
                  x.requests() + y.requests(),
                  x.lastSeen().isAfter(y.lastSeen()) ? x.lastSeen() : y.lastSeen()));
    }
    return new MeasurementBatch(
        List.copyOf(buckets.values()), List.copyOf(maxima.values()), List.copyOf(usage.values()));
  }

  private static <T> List<T> concat(List<T> first, List<T> second) {
    List<T> all = new ArrayList<>(first.size() + second.size());
    all.addAll(first);
    all.addAll(second);
    return all;
  }
}
