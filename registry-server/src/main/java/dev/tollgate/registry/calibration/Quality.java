package dev.tollgate.registry.calibration;

import dev.tollgate.registry.measure.MeasurementCounters;
import org.jspecify.annotations.Nullable;

/**
 * How good the price list is over a set of measurements: the share of under-estimates (actual above
 * the estimate), the estimate / actual ratio at p50 and p90, and the share within 2× (a ratio from
 * 0.5 to 2). For an operation a measurement is one answer (estimated cost against actual cost); for
 * a field one list in one answer (the size the estimate used, the slicing argument's value else
 * {@code assumedSize} else the default page, against the items returned). A measurement whose
 * actual is 0 counts in the shares but has no ratio.
 *
 * @param count measurements
 * @param ratio {@code null} when no measurement has a ratio
 */
public record Quality(
    long count, double underEstimates, CalibrationReport.@Nullable Spread ratio, double within2x) {

  static final String UNDER = "under";
  static final String WITHIN_2X = "within2x";
  static final String RATIO = "estratio";

  /** Records one measurement of {@code subject}: estimated against actual. */
  static void record(
      Aggregates aggregates, String kind, String subject, long estimated, long actual) {
    record(
        aggregates.histogram(kind, subject, UNDER),
        aggregates.histogram(kind, subject, WITHIN_2X),
        aggregates.histogram(kind, subject, RATIO),
        estimated,
        actual);
  }

  /** Records one measurement, estimated against actual, into the three histograms of a subject. */
  static void record(
      MeasurementCounters.Histogram under,
      MeasurementCounters.Histogram within2x,
      MeasurementCounters.Histogram ratio,
      long estimated,
      long actual) {
    under.record(actual > estimated ? 1 : 0);
    boolean within = actual > 0 && 2 * estimated >= actual && estimated <= 2 * actual;
    within2x.record(within || (estimated == 0 && actual == 0) ? 1 : 0);
    if (actual > 0) {
      ratio.record(estimated * 1000 / actual);
    }
  }

  /** From the summed histograms of the three measures; {@code null} when nothing was measured. */
  static @Nullable Quality of(SizeHistogram under, SizeHistogram within, SizeHistogram ratio) {
    if (under.isEmpty()) {
      return null;
    }
    CalibrationReport.Spread spread =
        ratio.isEmpty()
            ? null
            : new CalibrationReport.Spread(
                ratio.percentile(0.5) / 1000.0, ratio.percentile(0.9) / 1000.0);
    return new Quality(under.count(), share(under), spread, share(within));
  }

  /** The share of the values that are 1 in a histogram of 0s and 1s, to 4 decimals. */
  private static double share(SizeHistogram ones) {
    long zeros = ones.countIn(0);
    return Math.round((ones.count() - zeros) * 10_000.0 / ones.count()) / 10_000.0;
  }
}
