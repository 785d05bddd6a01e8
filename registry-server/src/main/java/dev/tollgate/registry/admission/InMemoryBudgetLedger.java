package dev.tollgate.registry.admission;

import dev.tollgate.registry.config.KeyPolicy.Budget;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Token buckets in this process, one per key: {@code capacity} units, refilled continuously at
 * {@code refillPerSecond}. A new bucket starts full. Each bucket charges under its own lock.
 */
public final class InMemoryBudgetLedger implements BudgetLedger {

  private final InstantSource clock;
  private final ConcurrentMap<String, Bucket> buckets = new ConcurrentHashMap<>();

  public InMemoryBudgetLedger(InstantSource clock) {
    this.clock = clock;
  }

  @Override
  public BudgetCharge charge(String key, Budget budget, long cost) {
    if (cost < 0) {
      throw new IllegalArgumentException("cost must not be negative: " + cost);
    }
    Bucket bucket = buckets.computeIfAbsent(key, k -> new Bucket(budget.capacity(), clock.instant()));
    return bucket.charge(budget, cost, clock.instant());
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

    private void refill(Budget budget, Instant now) {
      if (!now.isAfter(updated)) {
        return;
      }
      double elapsed = Duration.between(updated, now).toNanos() / 1e9;
      units = Math.min(budget.capacity(), units + elapsed * budget.refillPerSecond());
      updated = now;
    }
  }
}
