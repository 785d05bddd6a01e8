package dev.tollgate.registry.admission;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What admission decided for a request (or for one operation of a batch: {@link BatchDecision}):
 * run it, or refuse. Both carry the caller's budget after the decision (a refusal may lack it: see
 * {@link Rejected}) and, when the request was priced, its cost.
 */
public sealed interface Decision {

  /** The caller's balance after the decision; {@code null} only on a {@link Rejected}. */
  @Nullable BudgetCharge budget();

  /** The estimated cost, or {@code null} when refused before pricing. */
  @Nullable Long cost();

  /** The caller's per-operation cost limit. */
  long maxCost();

  /**
   * Run {@code operations} in order; {@code budget} has been charged their total {@code cost}. Once
   * answered: {@code actual} is the answer's actual cost ({@code null} until measured), and {@code
   * refunded} the units credited back ({@code null} unless the policy refunds), {@code budget} then
   * the balance after the refund.
   */
  record Admitted(
      List<AdmittedOperation> operations,
      Long cost,
      long maxCost,
      BudgetCharge budget,
      @Nullable Long actual,
      @Nullable Long refunded)
      implements Decision {
    public Admitted {
      operations = List.copyOf(operations);
    }

    public Admitted(
        List<AdmittedOperation> operations, Long cost, long maxCost, BudgetCharge budget) {
      this(operations, cost, maxCost, budget, null, null);
    }

    /** This decision once answered at {@code actual}, with {@code refunded} units back. */
    public Admitted settled(long actual, @Nullable Long refunded, BudgetCharge after) {
      return new Admitted(operations, cost, maxCost, after, actual, refunded);
    }

    /**
     * In measure mode, the code enforcing would have refused the request with: the first
     * operation's breach, as enforcing stops a batch at its first refusal; {@code null} when
     * nothing breached.
     */
    public @Nullable String wouldRefuse() {
      for (AdmittedOperation operation : operations) {
        if (operation.wouldRefuse() != null) {
          return operation.wouldRefuse();
        }
      }
      return null;
    }
  }

  /**
   * Refused before any upstream call; nothing was charged. {@code budget} is the caller's balance
   * as this gateway knows it ({@link BudgetLedger#balance}, no call to a shared store), or {@code
   * null} when unknown (a bucket this gateway has not seen in Redis, or a charge refused because
   * the store is unavailable): the refusal is then answered without it.
   */
  record Rejected(Refusal refusal, @Nullable Long cost, long maxCost, @Nullable BudgetCharge budget)
      implements Decision {}
}
