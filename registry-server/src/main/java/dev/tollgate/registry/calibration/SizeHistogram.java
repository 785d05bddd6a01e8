package dev.tollgate.registry.calibration;

import dev.tollgate.registry.measure.BucketCounts;
import dev.tollgate.registry.measure.SizeBuckets;

/**
 * Counts of non-negative values in fixed buckets, sparse and mergeable (two histograms add bucket
 * by bucket, so gateways, in-process instances and flushes add up): the core's {@link SizeBuckets}.
 * The maximum is kept exactly. Not thread-safe: its owner locks.
 */
final class SizeHistogram {

  static final int EXACT = SizeBuckets.EXACT;
  static final int STEPS = SizeBuckets.STEPS;

  /** What {@link #forEachBucket} hands over: a bucket and its count. */
  @FunctionalInterface
  interface BucketCount {
    void accept(int bucket, long count);
  }

  private final BucketCounts counts = new BucketCounts();
  private long count;
  private long max = -1;

  void record(long value) {
    add(bucketOf(value), 1);
    max = Math.max(max, Math.max(0, value));
  }

  void add(int bucket, long n) {
    counts.add(bucket, n);
    count += n;
  }

  /** Adds every bucket and the maximum of {@code other}. */
  void merge(SizeHistogram other) {
    other.forEachBucket(this::add);
    addMax(other.max);
  }

  void addMax(long value) {
    max = Math.max(max, value);
  }

  long count() {
    return count;
  }

  /** The largest value recorded; -1 when none. */
  long max() {
    return max;
  }

  /** Each bucket with a count, ascending. */
  void forEachBucket(BucketCount action) {
    for (int i = 0; i < counts.size(); i++) {
      action.accept(counts.bucket(i), counts.count(i));
    }
  }

  /** How many values fell in {@code bucket}. */
  long countIn(int bucket) {
    return counts.countIn(bucket);
  }

  boolean isEmpty() {
    return count == 0;
  }

  /**
   * The nearest-rank percentile: the smallest bucket holding at least {@code p} of the values, as
   * its upper bound (exact below {@value #EXACT}), never above the maximum.
   */
  long percentile(double p) {
    long rank = Math.max(1, (long) Math.ceil(p * count));
    long seen = 0;
    for (int i = 0; i < counts.size(); i++) {
      seen += counts.count(i);
      if (seen >= rank) {
        return Math.min(max, upperBound(counts.bucket(i)));
      }
    }
    return max;
  }

  static int bucketOf(long value) {
    return SizeBuckets.bucketOf(value);
  }

  static long upperBound(int bucket) {
    return SizeBuckets.upperBound(bucket);
  }
}
