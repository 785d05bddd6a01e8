package dev.tollgate.registry.admission;

import dev.tollgate.registry.config.KeyPolicy.Budget;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** An {@link InMemoryBudgetLedger} that records the cost of every charge, reads excluded. */
public final class RecordingBudgetLedger implements BudgetLedger {

  private final InMemoryBudgetLedger ledger;
  private final List<Long> charges = new CopyOnWriteArrayList<>();

  public RecordingBudgetLedger(InstantSource clock) {
    this.ledger = new InMemoryBudgetLedger(clock);
  }

  @Override
  public BudgetCharge charge(String key, Budget budget, long cost) {
    charges.add(cost);
    return ledger.charge(key, budget, cost);
  }

  @Override
  public BudgetCharge refund(String key, Budget budget, long units) {
    return ledger.refund(key, budget, units);
  }

  @Override
  public BudgetCharge balance(String key, Budget budget) {
    return ledger.balance(key, budget);
  }

  /** The cost of every charge so far, in order. */
  public List<Long> charges() {
    return List.copyOf(charges);
  }
}
