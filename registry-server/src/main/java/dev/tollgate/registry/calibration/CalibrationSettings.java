package dev.tollgate.registry.calibration;

/**
 * What measuring actual cost reads of the {@code gateway} section.
 *
 * @param actualCost whether each answer's actual cost is measured (and calibration and usage
 *     counted); see README "Measured cost"
 * @param measurementFlushMillis how often the measurement counters are flushed to the store
 * @param trafficRetentionDays how long the per-operation traffic by the hour ({@code GET
 *     /v1/operations}) is kept; older hours are deleted about once an hour
 */
public record CalibrationSettings(
    boolean actualCost, int measurementFlushMillis, int trafficRetentionDays) {

  /** The longest window of {@code GET /v1/operations}, which the retention must cover whole. */
  static final int LONGEST_WINDOW_DAYS = 30;

  /** Measure every answer's actual cost, flushed to the store every 5 s; traffic kept 35 days. */
  public static final CalibrationSettings DEFAULTS = new CalibrationSettings(true, 5_000, 35);

  public CalibrationSettings {
    if (measurementFlushMillis <= 0) {
      throw new IllegalArgumentException(
          "gateway.measurementFlushMillis must be positive: " + measurementFlushMillis);
    }
    if (trafficRetentionDays <= LONGEST_WINDOW_DAYS) {
      throw new IllegalArgumentException(
          "gateway.trafficRetentionDays must be more than "
              + LONGEST_WINDOW_DAYS
              + " (the longest window of /v1/operations): "
              + trafficRetentionDays);
    }
  }
}
