package dev.tollgate.registry.admission;

import dev.tollgate.registry.config.KeyPolicy.Budget;

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
   * The balance of the bucket of {@code key}, as {@code charge(key, budget, 0)} would report it,
   * read without writing anything: no bucket is created, refilled or given a new expiry. For
   * refusals, which charge nothing.
   *
   * @throws BudgetStoreUnavailableException if a shared store cannot be reached in time
   */
  BudgetCharge balance(String key, Budget budget);
}
