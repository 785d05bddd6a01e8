package dev.tollgate.registry.calibration;

import dev.tollgate.registry.store.Measurements.Batch;
import dev.tollgate.registry.store.Measurements.Bucket;
import dev.tollgate.registry.store.Measurements.Maximum;
import dev.tollgate.registry.store.Measurements.Usage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * This gateway's measurements since the last flush, in memory: one small histogram per (kind,
 * subject, measure) and one usage counter per registered operation. Entries stay once created (a
 * bounded set: the price list's coordinates and the registered operations), so recording never
 * races a flush: each entry is drained under its own lock.
 */
final class Aggregates {

  static final String FIELD = "field";
  static final String OPERATION = "operation";

  /** Which histogram. */
  record Subject(String kind, String subject, String measure) {}

  private final Map<Subject, Counts> histograms = new ConcurrentHashMap<>();
  private final Map<UsageKey, UsageCount> usage = new ConcurrentHashMap<>();

  void record(String kind, String subject, String measure, long value) {
    histograms
        .computeIfAbsent(new Subject(kind, subject, measure), s -> new Counts())
        .record(value);
  }

  void used(String documentId, String operation, Instant at) {
    usage.computeIfAbsent(new UsageKey(documentId, operation), k -> new UsageCount()).add(at);
  }

  /** Everything recorded since the last drain, as deltas; resets every counter. */
  Batch drain() {
    List<Bucket> buckets = new ArrayList<>();
    List<Maximum> maxima = new ArrayList<>();
    for (Map.Entry<Subject, Counts> entry : histograms.entrySet()) {
      SizeHistogram delta = entry.getValue().drain();
      if (delta == null) {
        continue;
      }
      Subject s = entry.getKey();
      delta
          .buckets()
          .forEach((b, n) -> buckets.add(new Bucket(s.kind(), s.subject(), s.measure(), b, n)));
      maxima.add(new Maximum(s.kind(), s.subject(), s.measure(), delta.max()));
    }
    List<Usage> used = new ArrayList<>();
    for (Map.Entry<UsageKey, UsageCount> entry : usage.entrySet()) {
      Usage delta = entry.getValue().drain(entry.getKey());
      if (delta != null) {
        used.add(delta);
      }
    }
    return new Batch(buckets, maxima, used);
  }

  private record UsageKey(String documentId, String operation) {}

  private static final class Counts {
    private SizeHistogram delta = new SizeHistogram();

    synchronized void record(long value) {
      delta.record(value);
    }

    synchronized @Nullable SizeHistogram drain() {
      if (delta.isEmpty()) {
        return null;
      }
      SizeHistogram drained = delta;
      delta = new SizeHistogram();
      return drained;
    }
  }

  private static final class UsageCount {
    private long requests;
    private Instant lastSeen = Instant.EPOCH;

    synchronized void add(Instant at) {
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
