package dev.tollgate.registry.calibration;

import dev.tollgate.registry.measure.SizeBuckets;
import java.util.Arrays;

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

  // the buckets seen, ascending, and their counts: a few per histogram, so recording a value
  // searches two small arrays and allocates nothing (it boxed two Longs in a TreeMap)
  private int[] buckets = new int[2];
  private long[] counts = new long[2];
  private int size;
  private long count;
  private long max = -1;

  void record(long value) {
    add(bucketOf(value), 1);
    max = Math.max(max, Math.max(0, value));
  }

  void add(int bucket, long n) {
    int at = Arrays.binarySearch(buckets, 0, size, bucket);
    if (at < 0) {
      at = -at - 1;
      if (size == buckets.length) {
        buckets = Arrays.copyOf(buckets, size * 2);
        counts = Arrays.copyOf(counts, size * 2);
      }
      System.arraycopy(buckets, at, buckets, at + 1, size - at);
      System.arraycopy(counts, at, counts, at + 1, size - at);
      buckets[at] = bucket;
      counts[at] = 0;
      size++;
    }
    counts[at] += n;
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
    for (int i = 0; i < size; i++) {
      action.accept(buckets[i], counts[i]);
    }
  }

  /** How many values fell in {@code bucket}. */
  long countIn(int bucket) {
    int at = Arrays.binarySearch(buckets, 0, size, bucket);
    return at < 0 ? 0 : counts[at];
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
    for (int i = 0; i < size; i++) {
      seen += counts[i];
      if (seen >= rank) {
        return Math.min(max, upperBound(buckets[i]));
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
