package dev.tollgate.registry.store;

import java.time.Instant;
import java.util.List;

/**
 * The measured-cost rows (V4): histogram buckets and maxima of the calibration report, and usage
 * per registered operation. A gateway writes them as deltas ({@link Batch}), which add to what is
 * stored.
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

  /** One flush: deltas added in one transaction. */
  public record Batch(List<Bucket> buckets, List<Maximum> maxima, List<Usage> usage) {
    public Batch {
      buckets = List.copyOf(buckets);
      maxima = List.copyOf(maxima);
      usage = List.copyOf(usage);
    }

    public boolean isEmpty() {
      return buckets.isEmpty() && maxima.isEmpty() && usage.isEmpty();
    }
  }
}
