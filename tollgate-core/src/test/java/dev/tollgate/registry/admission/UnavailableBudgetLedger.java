package dev.tollgate.registry.admission;

import dev.tollgate.registry.policy.KeyPolicy.Budget;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/** A budget store that is down: every call fails as {@link BudgetStoreUnavailableException}. */
public final class UnavailableBudgetLedger implements BudgetLedger {

  private final AtomicInteger calls = new AtomicInteger();

  @Override
  public BudgetCharge charge(String key, Budget budget, long cost) {
    throw unavailable();
  }

  @Override
  public BudgetCharge refund(String key, Budget budget, long units) {
    throw unavailable();
  }

  /** Like a shared store that has not seen the key: unknown, without a call. */
  @Override
  public @Nullable BudgetCharge balance(String key, Budget budget) {
    return null;
  }

  /** How many charges and refunds failed. */
  public int calls() {
    return calls.get();
  }

  private BudgetStoreUnavailableException unavailable() {
    calls.incrementAndGet();
    return new BudgetStoreUnavailableException(
        "budget store unavailable: test store is down", new IllegalStateException("down"));
  }
}
