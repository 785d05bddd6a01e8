package dev.tollgate.registry.measure;

import dev.tollgate.registry.measure.MeasurementBatch.Bucket;
import dev.tollgate.registry.measure.MeasurementBatch.Maximum;
import dev.tollgate.registry.measure.MeasurementBatch.Usage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Measurements since the last {@link #drain()}, in memory, as the gateway keeps its own: one sparse
 * histogram ({@link SizeBuckets}) per (kind, subject, measure) and one usage counter per registered
 * operation. Entries stay once created (a bounded set: the price list's coordinates and the
 * registered operations), so recording never races a drain: each entry is drained under its own
 * lock.
 */
public final class MeasurementCounters {

  private final Map<Key, Histogram> histograms = new ConcurrentHashMap<>();
  private final Map<UsageKey, UsageCount> usage = new ConcurrentHashMap<>();

  /** One value of a histogram: {@code kind} and {@code measure} as {@link MeasurementBatch}. */
  public void record(String kind, String subject, String measure, long value) {
    histogram(kind, subject, measure).record(value);
  }

  /**
   * The histogram of ({@code kind}, {@code subject}, {@code measure}), to record into again and
   * again without finding it each time: it stays valid across drains.
   */
  public Histogram histogram(String kind, String subject, String measure) {
    return histograms.computeIfAbsent(new Key(kind, subject, measure), k -> new Histogram());
  }

  /** One admitted request of {@code operation} ({@code ""}: anonymous) of {@code documentId}. */
  public void used(String documentId, String operation, Instant at) {
    usage(documentId, operation).add(at);
  }

  /**
   * The usage counter of {@code operation} of {@code documentId}, to count into again and again: it
   * stays valid across drains.
   */
  public UsageCount usage(String documentId, String operation) {
    return usage.computeIfAbsent(new UsageKey(documentId, operation), k -> new UsageCount());
  }

  /** Everything recorded since the last drain, as deltas; resets every counter. */
  public MeasurementBatch drain() {
    List<Bucket> buckets = new ArrayList<>();
    List<Maximum> maxima = new ArrayList<>();
    for (Map.Entry<Key, Histogram> entry : histograms.entrySet()) {
      entry.getValue().drainInto(entry.getKey(), buckets, maxima);
    }
    List<Usage> used = new ArrayList<>();
    for (Map.Entry<UsageKey, UsageCount> entry : usage.entrySet()) {
      Usage delta = entry.getValue().drain(entry.getKey());
      if (delta != null) {
        used.add(delta);
      }
    }
    return new MeasurementBatch(buckets, maxima, used);
  }

  private record Key(String kind, String subject, String measure) {}

  private record UsageKey(String documentId, String operation) {}

  /** One histogram's values since the last drain ({@link BucketCounts}). */
  public static final class Histogram {
    private final BucketCounts counts = new BucketCounts();
    private long max = -1;

    private Histogram() {}

    /** Counts one value. */
    public synchronized void record(long value) {
      counts.add(SizeBuckets.bucketOf(value), 1);
      max = Math.max(max, Math.max(0, value));
    }

    /** Adds the counts since the last drain to {@code into}, then starts again from none. */
    synchronized void drainInto(Key key, List<Bucket> into, List<Maximum> maxima) {
      if (counts.size() == 0) {
        return;
      }
      for (int i = 0; i < counts.size(); i++) {
        into.add(
            new Bucket(
                key.kind(), key.subject(), key.measure(), counts.bucket(i), counts.count(i)));
      }
      maxima.add(new Maximum(key.kind(), key.subject(), key.measure(), max));
      counts.clear();
      max = -1;
    }
  }

  /** One operation's requests since the last drain. */
  public static final class UsageCount {
    private long requests;
    private Instant lastSeen = Instant.EPOCH;

    private UsageCount() {}

    /** Counts one request, made at {@code at}. */
    public synchronized void add(Instant at) {
      requests++;
      if (at.isAfter(lastSeen)) {
        lastSeen = at;
      }
    }

    synchronized @Nullable Usage drain(UsageKey key) {
      if (requests == 0) {
        return null;
      }
      Usage delta = new Usage(key.documentId(), key.operation(), requests, lastSeen);
      requests = 0;
      return delta;
    }
  }
}
