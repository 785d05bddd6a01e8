package dev.tollgate.registry.calibration;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.measure.MeasurementCounters.Histogram;
import dev.tollgate.registry.measure.MeasurementCounters.UsageCount;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The calibration counters of one registered operation (a document and the operation name a request
 * ran), found once and then recorded into on every answer: no key is built, hashed or compared per
 * request. The counters stay valid across drains, so a series never goes stale.
 */
final class OperationSeries {

  /** The document's hex form, written once (a hash formats it on each call). */
  final String document;

  private final Histogram estimated;
  private final Histogram actual;
  private final Histogram ratio;
  private final Histogram under;
  private final Histogram within2x;
  private final Histogram estimateRatio;
  private final UsageCount usage;

  /** The traffic row this operation's answers counted in last ({@link OperationTraffic.Row}). */
  volatile OperationTraffic.@Nullable Row traffic;

  OperationSeries(Aggregates aggregates, DocumentHash hash, String operationName) {
    this.document = hash.hex();
    String subject = document + "/" + operationName;
    this.estimated = aggregates.histogram(Aggregates.OPERATION, subject, "estimated");
    this.actual = aggregates.histogram(Aggregates.OPERATION, subject, "actual");
    this.ratio = aggregates.histogram(Aggregates.OPERATION, subject, "ratio");
    this.under = aggregates.histogram(Aggregates.OPERATION, subject, Quality.UNDER);
    this.within2x = aggregates.histogram(Aggregates.OPERATION, subject, Quality.WITHIN_2X);
    this.estimateRatio = aggregates.histogram(Aggregates.OPERATION, subject, Quality.RATIO);
    this.usage = aggregates.usage(document, operationName);
  }

  /** One answer measured at {@code actualCost} against its estimate {@code estimatedCost}. */
  void calibrate(long estimatedCost, long actualCost) {
    estimated.record(estimatedCost);
    actual.record(actualCost);
    Quality.record(under, within2x, estimateRatio, estimatedCost, actualCost);
    if (estimatedCost > 0) {
      ratio.record(actualCost * 1000 / estimatedCost);
    }
  }

  /** One admitted request at {@code at}. */
  void used(Instant at) {
    usage.add(at);
  }
}
