package dev.tollgate.registry.calibration;

import dev.tollgate.registry.measure.MeasurementCounters;
import dev.tollgate.registry.store.Measurements.Batch;

/**
 * This gateway's measurements since the last flush, in memory: the core's {@link
 * MeasurementCounters}, the same counters an in-process instance keeps and sends to the registry,
 * drained as the rows the store takes.
 */
final class Aggregates {

  static final String FIELD = "field";
  static final String OPERATION = "operation";

  /** Which histogram. */
  record Subject(String kind, String subject, String measure) {}

  private final MeasurementCounters counters = new MeasurementCounters();

  void record(String kind, String subject, String measure, long value) {
    counters.record(kind, subject, measure, value);
  }

  /** The histogram {@link #record} counts into, found once. */
  MeasurementCounters.Histogram histogram(String kind, String subject, String measure) {
    return counters.histogram(kind, subject, measure);
  }

  /** The usage counter of {@code operation} of {@code documentId}, found once. */
  MeasurementCounters.UsageCount usage(String documentId, String operation) {
    return counters.usage(documentId, operation);
  }

  /** Everything recorded since the last drain, as deltas; resets every counter. */
  Batch drain() {
    return Batch.of(counters.drain());
  }
}
