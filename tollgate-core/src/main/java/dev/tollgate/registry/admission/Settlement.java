package dev.tollgate.registry.admission;

import dev.tollgate.registry.policy.KeyPolicy;
import org.jspecify.annotations.Nullable;

/**
 * A decision once its answer is measured: the actual cost, and under a refunding policy estimated −
 * actual credited back to the caller's bucket. Both ways in settle through here, so {@code
 * extensions.cost.actual} and {@code extensions.rateLimit.refunded} agree between them.
 */
public final class Settlement {

  private Settlement() {}

  /**
   * {@code admitted} once answered at {@code actual} ({@code null}: not measured, unchanged): under
   * a refunding policy, estimated − actual is credited back through {@code admission} ({@code
   * refunded}; 0 when the store could not take it), and the balance reported is the one after the
   * refund.
   */
  public static Decision.Admitted settled(
      AdmissionController admission,
      KeyPolicy policy,
      Decision.Admitted admitted,
      @Nullable Long actual) {
    if (actual == null) {
      return admitted;
    }
    if (!policy.budget().refund()) {
      return admitted.settled(actual, null, admitted.budget());
    }
    long units = Math.max(0, admitted.cost() - actual);
    BudgetCharge after = units == 0 ? null : admission.refund(policy, units);
    if (after == null) {
      return admitted.settled(actual, 0L, admitted.budget());
    }
    BudgetCharge charged = admitted.budget();
    return admitted.settled(
        actual,
        units,
        new BudgetCharge(
            true, charged.charged(), after.remaining(), after.resetInSeconds(), 0, after.limit()));
  }
}
