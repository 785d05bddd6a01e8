package dev.tollgate.registry.measure;

/**
 * The fixed buckets of the calibration histograms, the same in every gateway and in-process
 * instance so that their counts add up: every value below {@value #EXACT} has its own bucket;
 * above, each power of two is cut into {@value #STEPS} buckets (about 6% wide).
 */
public final class SizeBuckets {

  public static final int EXACT = 1024;
  public static final int STEPS = 16;

  /** The bucket of {@link Long#MAX_VALUE}: no bucket is above it. */
  public static final int LAST = bucketOf(Long.MAX_VALUE);

  private SizeBuckets() {}

  /** The bucket of {@code value}; a negative value counts in bucket 0. */
  public static int bucketOf(long value) {
    if (value < EXACT) {
      return (int) Math.max(0, value);
    }
    int exponent = 63 - Long.numberOfLeadingZeros(value);
    int step = (int) ((value >> (exponent - 4)) & (STEPS - 1));
    return EXACT + (exponent - 10) * STEPS + step;
  }

  /** The largest value of {@code bucket}. */
  public static long upperBound(int bucket) {
    if (bucket < EXACT) {
      return bucket;
    }
    int exponent = (bucket - EXACT) / STEPS + 10;
    int step = (bucket - EXACT) % STEPS;
    return ((long) (STEPS + step + 1) << (exponent - 4)) - 1;
  }
}
