package dev.tollgate.registry.store;

import dev.tollgate.registry.measure.MeasurementBatch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The measured-cost rows (V4, V8): histogram buckets and maxima of the calibration report, usage
 * per registered operation and per version, and per-operation traffic by the hour. A gateway writes
 * them as deltas ({@link Batch}), which add to what is stored.
 */
public final class Measurements {

  private Measurements() {}

  /** {@code count} more values in {@code bucket} of the histogram (kind, subject, measure). */
  public record Bucket(String kind, String subject, String measure, int bucket, long count) {}

  /** The largest value of a histogram seen so far. */
  public record Maximum(String kind, String subject, String measure, long maxValue) {}

  /**
   * Admitted requests of one operation ({@code ""} for an anonymous one) of a document, and the
   * latest.
   */
  public record Usage(String documentId, String operation, long requests, Instant lastSeen) {}

  /** A document in a version of an app. */
  public record DocumentVersion(String documentId, String app, String version, String status) {}

  /**
   * Admitted requests of one operation of a document counted for the version they were admitted
   * under ({@code app}, {@code version}), and the latest.
   */
  public record VersionUsage(
      String app,
      String version,
      String documentId,
      String operation,
      long requests,
      Instant lastSeen) {}

  /**
   * One hour of one operation's traffic under one policy: answered requests (cache hits included),
   * the units charged for them (after refunds), and the latest request (answered or refused).
   * {@code app} and {@code version} are {@code ""} for open-mode text; {@code operation} is {@code
   * ""} for an anonymous one.
   *
   * @param hourStart the start of the hour, UTC
   */
  public record OperationHour(
      Instant hourStart,
      String policy,
      String app,
      String version,
      String documentId,
      String operation,
      long requests,
      long unitsCharged,
      Instant lastSeen) {}

  /**
   * {@code count} more of {@code measure} in the hour of {@link OperationHour}'s key: {@code
   * estimated} or {@code actual} (a cost histogram, {@code bucket} as the calibration's), or {@code
   * refused:<CODE>} (bucket 0).
   */
  public record OperationCount(
      Instant hourStart,
      String policy,
      String app,
      String version,
      String documentId,
      String operation,
      String measure,
      int bucket,
      long count) {}

  /**
   * One flush: deltas added in one transaction. A list left out (or {@code null}, as JSON without
   * it reads) is empty.
   */
  public record Batch(
      List<Bucket> buckets,
      List<Maximum> maxima,
      List<Usage> usage,
      List<VersionUsage> versionUsage,
      List<OperationHour> operationHours,
      List<OperationCount> operationCounts) {
    public Batch {
      buckets = copy(buckets);
      maxima = copy(maxima);
      usage = copy(usage);
      versionUsage = copy(versionUsage);
      operationHours = copy(operationHours);
      operationCounts = copy(operationCounts);
    }

    /** The calibration counters and document usage only. */
    public Batch(List<Bucket> buckets, List<Maximum> maxima, List<Usage> usage) {
      this(buckets, maxima, usage, List.of(), List.of(), List.of());
    }

    /**
     * The rows of a batch counted by the core's {@link
     * dev.tollgate.registry.measure.MeasurementCounters} (this gateway's, or an in-process
     * instance's sent to the registry), as the store takes them.
     */
    public static Batch of(MeasurementBatch batch) {
      List<Bucket> buckets = new ArrayList<>();
      for (MeasurementBatch.Bucket b : batch.buckets()) {
        buckets.add(new Bucket(b.kind(), b.subject(), b.measure(), b.bucket(), b.count()));
      }
      List<Maximum> maxima = new ArrayList<>();
      for (MeasurementBatch.Maximum m : batch.maxima()) {
        maxima.add(new Maximum(m.kind(), m.subject(), m.measure(), m.maxValue()));
      }
      List<Usage> usage = new ArrayList<>();
      for (MeasurementBatch.Usage u : batch.usage()) {
        usage.add(new Usage(u.documentId(), u.operation(), u.requests(), u.lastSeen()));
      }
      return new Batch(buckets, maxima, usage);
    }

    public boolean isEmpty() {
      return buckets.isEmpty()
          && maxima.isEmpty()
          && usage.isEmpty()
          && versionUsage.isEmpty()
          && operationHours.isEmpty()
          && operationCounts.isEmpty();
    }

    private static <T> List<T> copy(@Nullable List<T> list) {
      return list == null ? List.of() : List.copyOf(list);
    }
  }
}
