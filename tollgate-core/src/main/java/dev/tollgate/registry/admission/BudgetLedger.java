package dev.tollgate.registry.admission;

import dev.tollgate.registry.policy.KeyPolicy.Budget;
import org.jspecify.annotations.Nullable;

/**
 * Where each caller's token bucket lives: in this process ({@link InMemoryBudgetLedger}), or a
 * store shared by several gateways. Implementations must charge atomically: two concurrent charges
 * never both spend the same units.
 */
public interface BudgetLedger {

  /**
   * Takes {@code cost} units from the bucket of {@code key} (sized by {@code budget}) if it holds
   * that many, else takes nothing. A cost of 0 reads the balance, but may write the refilled
   * bucket.
   *
   * @throws BudgetStoreUnavailableException if a shared store cannot be reached in time
   */
  BudgetCharge charge(String key, Budget budget, long cost);

  /**
   * Adds up to {@code units} back to the bucket of {@code key}, never above its capacity: a refund
   * of what an admitted request was charged but did not spend. Atomic like {@link #charge}.
   *
   * @return the balance after the refund ({@code charged} 0)
   * @throws BudgetStoreUnavailableException if a shared store cannot be reached in time
   */
  BudgetCharge refund(String key, Budget budget, long units);

  /**
   * The balance of the bucket of {@code key} as this gateway knows it, without asking a shared
   * store and without writing anything: no bucket is created, refilled or given a new expiry. For
   * refusals, which charge nothing and so never wait for (or fail on) a shared store. The in-memory
   * ledger knows every bucket; a shared one reports what this gateway last saw of the bucket,
   * refilled since.
   *
   * @return the balance, or {@code null} when this gateway has not seen the bucket: a refusal is
   *     then answered without {@code X-RateLimit-*} and {@code extensions.rateLimit}
   */
  @Nullable BudgetCharge balance(String key, Budget budget);
}
