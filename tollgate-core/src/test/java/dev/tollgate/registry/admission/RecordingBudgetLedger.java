package dev.tollgate.registry.admission;

import dev.tollgate.registry.policy.KeyPolicy.Budget;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An {@link InMemoryBudgetLedger} that records the cost of every charge (reads excluded) and every
 * refund.
 */
public final class RecordingBudgetLedger implements BudgetLedger {

  private final InMemoryBudgetLedger ledger;
  private final List<Long> charges = new CopyOnWriteArrayList<>();
  private final List<Long> refunds = new CopyOnWriteArrayList<>();

  public RecordingBudgetLedger(InstantSource clock) {
    this.ledger = new InMemoryBudgetLedger(clock);
  }

  @Override
  public BudgetCharge charge(String key, Budget budget, long cost) {
    charges.add(cost);
    return ledger.charge(key, budget, cost);
  }

  @Override
  public BudgetCharge balance(String key, Budget budget) {
    return ledger.balance(key, budget);
  }

  @Override
  public BudgetCharge refund(String key, Budget budget, long units) {
    refunds.add(units);
    return ledger.refund(key, budget, units);
  }

  /** The units of every refund so far, in order. */
  public List<Long> refunds() {
    return List.copyOf(refunds);
  }

  /** The cost of every charge so far, in order. */
  public List<Long> charges() {
    return List.copyOf(charges);
  }
}
