package dev.tollgate.registry.admission;

import dev.tollgate.registry.policy.KeyPolicy.Budget;

/**
 * The outcome of one charge against a bucket.
 *
 * @param allowed whether the units were taken
 * @param charged the units taken (0 when refused)
 * @param remaining whole units left after the charge
 * @param resetInSeconds seconds until the bucket is full again
 * @param retryAfterSeconds when refused, seconds until the bucket holds the cost; else 0
 * @param limit the bucket's capacity
 */
public record BudgetCharge(
    boolean allowed,
    long charged,
    long remaining,
    long resetInSeconds,
    long retryAfterSeconds,
    long limit) {

  /**
   * The charge of {@code cost} against a bucket that holds {@code units} after it ({@code allowed})
   * or still holds them (refused): both ledgers report through here, so they round alike.
   */
  static BudgetCharge afterCharge(boolean allowed, long cost, double units, Budget budget) {
    long retryAfter = allowed ? 0 : seconds(cost - units, budget.refillPerSecond());
    return new BudgetCharge(
        allowed,
        allowed ? cost : 0,
        (long) Math.floor(units),
        seconds(budget.capacity() - units, budget.refillPerSecond()),
        retryAfter,
        budget.capacity());
  }

  /**
   * The units a bucket holds {@code elapsedSeconds} after it held {@code units}: refilled at the
   * budget's rate, never above its capacity. Both ledgers refill through here (the Redis script
   * does the same arithmetic in Lua).
   */
  static double refilled(double units, double elapsedSeconds, Budget budget) {
    if (elapsedSeconds <= 0) {
      return units;
    }
    return Math.min(budget.capacity(), units + elapsedSeconds * budget.refillPerSecond());
  }

  private static long seconds(double missing, double perSecond) {
    if (missing <= 0) {
      return 0;
    }
    if (perSecond <= 0) {
      return Long.MAX_VALUE / 1000;
    }
    return (long) Math.ceil(missing / perSecond);
  }
}
