package dev.tollgate.registry.admission;

import dev.tollgate.registry.config.KeyPolicy.Budget;
import java.util.concurrent.atomic.AtomicInteger;

/** A budget store that is down: every call fails as {@link BudgetStoreUnavailableException}. */
public final class UnavailableBudgetLedger implements BudgetLedger {

  private final AtomicInteger calls = new AtomicInteger();

  @Override
  public BudgetCharge charge(String key, Budget budget, long cost) {
    throw unavailable();
  }

  @Override
  public BudgetCharge balance(String key, Budget budget) {
    throw unavailable();
  }

  /** How many calls failed. */
  public int calls() {
    return calls.get();
  }

  private BudgetStoreUnavailableException unavailable() {
    calls.incrementAndGet();
    return new BudgetStoreUnavailableException(
        "budget store unavailable: test store is down", new IllegalStateException("down"));
  }
}
