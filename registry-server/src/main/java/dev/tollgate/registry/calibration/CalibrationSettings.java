package dev.tollgate.registry.calibration;

/**
 * What measuring actual cost reads of the {@code gateway} section.
 *
 * @param actualCost whether each answer's actual cost is measured (and calibration and usage
 *     counted); see README "Measured cost"
 * @param measurementFlushMillis how often the measurement counters are flushed to the store
 */
public record CalibrationSettings(boolean actualCost, int measurementFlushMillis) {

  /** Measure every answer's actual cost, flushed to the store every 5 s. */
  public static final CalibrationSettings DEFAULTS = new CalibrationSettings(true, 5_000);

  public CalibrationSettings {
    if (measurementFlushMillis <= 0) {
      throw new IllegalArgumentException(
          "gateway.measurementFlushMillis must be positive: " + measurementFlushMillis);
    }
  }
}
