package dev.tollgate.registry.admission;

import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Token buckets in this process, one per key: {@code capacity} units, refilled continuously at
 * {@code refillPerSecond}. A new bucket starts full. Each bucket charges under its own lock.
 * Unbounded by default (one bucket per policy); {@link #InMemoryBudgetLedger(InstantSource, long)}
 * keeps at most a number of buckets, forgetting the least recently charged first (a forgotten
 * bucket starts full again): for buckets per token subject, whose number the gateway does not
 * choose.
 */
public final class InMemoryBudgetLedger implements BudgetLedger {

  private final InstantSource clock;
  private final ConcurrentMap<String, Bucket> buckets;

  public InMemoryBudgetLedger(InstantSource clock) {
    this.clock = clock;
    this.buckets = new ConcurrentHashMap<>();
  }

  /**
   * Keeps at most {@code maxBuckets} buckets (Caffeine's size bound, evicting on the calling
   * thread).
   *
   * @throws IllegalArgumentException if {@code maxBuckets} is not positive
   */
  public InMemoryBudgetLedger(InstantSource clock, long maxBuckets) {
    if (maxBuckets < 1) {
      throw new IllegalArgumentException("maxBuckets must be positive: " + maxBuckets);
    }
    this.clock = clock;
    this.buckets =
        Caffeine.newBuilder()
            .maximumSize(maxBuckets)
            .executor(Runnable::run)
            .<String, Bucket>build()
            .asMap();
  }

  /** How many buckets are kept now (after pending evictions). */
  public long size() {
    return buckets.size();
  }

  @Override
  public BudgetCharge charge(String key, Budget budget, long cost) {
    if (cost < 0) {
      throw new IllegalArgumentException("cost must not be negative: " + cost);
    }
    Instant now = clock.instant();
    Bucket bucket = buckets.get(key);
    if (bucket == null) {
      // only the first charge of a key builds the lambda that computeIfAbsent needs
      bucket = buckets.computeIfAbsent(key, k -> new Bucket(budget.capacity(), now));
    }
    return bucket.charge(budget, cost, now);
  }

  /**
   * Computed from the bucket without touching it; a key without a bucket has a full one. Never
   * {@code null}: this ledger always knows its own buckets.
   */
  @Override
  public BudgetCharge balance(String key, Budget budget) {
    Bucket bucket = buckets.get(key);
    if (bucket == null) {
      return BudgetCharge.afterCharge(true, 0, budget.capacity(), budget);
    }
    return bucket.balance(budget, clock.instant());
  }

  /** A key without a bucket has a full one, so nothing is given back. */
  @Override
  public BudgetCharge refund(String key, Budget budget, long units) {
    if (units < 0) {
      throw new IllegalArgumentException("units must not be negative: " + units);
    }
    Bucket bucket = buckets.get(key);
    if (bucket == null) {
      return BudgetCharge.afterCharge(true, 0, budget.capacity(), budget);
    }
    return bucket.refund(budget, units, clock.instant());
  }

  private static final class Bucket {
    private double units;
    private Instant updated;

    Bucket(long capacity, Instant now) {
      this.units = capacity;
      this.updated = now;
    }

    synchronized BudgetCharge charge(Budget budget, long cost, Instant now) {
      refill(budget, now);
      boolean allowed = cost <= units;
      if (allowed) {
        units -= cost;
      }
      return BudgetCharge.afterCharge(allowed, cost, units, budget);
    }

    synchronized BudgetCharge refund(Budget budget, long back, Instant now) {
      refill(budget, now);
      units = Math.min(budget.capacity(), units + back);
      return BudgetCharge.afterCharge(true, 0, units, budget);
    }

    synchronized BudgetCharge balance(Budget budget, Instant now) {
      return BudgetCharge.afterCharge(true, 0, refilled(budget, now), budget);
    }

    private void refill(Budget budget, Instant now) {
      units = refilled(budget, now);
      updated = now.isAfter(updated) ? now : updated;
    }

    /** The units the bucket holds at {@code now}, refilled since it was last updated. */
    private double refilled(Budget budget, Instant now) {
      // seconds and nanos apart, as Duration.between would give them, without building one
      double elapsedSeconds =
          (now.getEpochSecond() - updated.getEpochSecond())
              + (now.getNano() - updated.getNano()) / 1e9;
      return BudgetCharge.refilled(units, elapsedSeconds, budget);
    }
  }
}
