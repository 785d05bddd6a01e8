package dev.tollgate.registry.measure;

import java.util.Arrays;

/**
 * Counts by bucket ({@link SizeBuckets}), for the few buckets a histogram's values fall in: the
 * buckets seen, ascending, and their counts in two arrays, so that counting allocates nothing once
 * a bucket has been seen (a {@code TreeMap} of boxed counts allocated per value). Not thread-safe:
 * its owner locks.
 */
public final class BucketCounts {

  private int[] buckets = new int[2];
  private long[] counts = new long[2];
  private int size;

  /** Adds {@code n} to {@code bucket}'s count. */
  public void add(int bucket, long n) {
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
  }

  /** How many buckets have a count. */
  public int size() {
    return size;
  }

  /** The {@code i}-th bucket with a count, ascending. */
  public int bucket(int i) {
    return buckets[i];
  }

  /** The count of the {@code i}-th bucket. */
  public long count(int i) {
    return counts[i];
  }

  /** The count of {@code bucket}; 0 when none. */
  public long countIn(int bucket) {
    int at = Arrays.binarySearch(buckets, 0, size, bucket);
    return at < 0 ? 0 : counts[at];
  }

  /** Forgets every count (the arrays are kept). */
  public void clear() {
    size = 0;
  }
}
