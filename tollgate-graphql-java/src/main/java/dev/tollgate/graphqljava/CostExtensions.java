package dev.tollgate.graphqljava;

import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.Decision;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The gateway's {@code extensions}: {@code {cost: {estimated, max, actual?, wouldRefuse?},
 * rateLimit: {cost, remaining, resetIn, refunded?}}}; cost only when priced, {@code actual} once
 * the answer was measured, {@code wouldRefuse} only when a measure-mode request breached a limit,
 * rateLimit only when the balance is known, {@code refunded} when the policy refunds. A copy of the
 * gateway's {@code GatewayBodies.extensions} until that rendering moves to the core.
 */
final class CostExtensions {

  private CostExtensions() {}

  static Map<Object, Object> of(Decision decision) {
    Map<Object, Object> extensions = new LinkedHashMap<>();
    Decision.Admitted admitted = decision instanceof Decision.Admitted a ? a : null;
    if (decision.cost() != null) {
      Map<String, Object> cost = new LinkedHashMap<>();
      cost.put("estimated", decision.cost());
      cost.put("max", decision.maxCost());
      if (admitted != null && admitted.actual() != null) {
        cost.put("actual", admitted.actual());
      }
      if (admitted != null && admitted.wouldRefuse() != null) {
        cost.put("wouldRefuse", admitted.wouldRefuse());
      }
      extensions.put("cost", cost);
    }
    BudgetCharge budget = decision.budget();
    if (budget != null) {
      extensions.put("rateLimit", rateLimit(budget, admitted == null ? null : admitted.refunded()));
    }
    return extensions;
  }

  /**
   * {@code theirs} with {@code ours} added last, replacing any entry of the same name (as the
   * gateway replaces an upstream's).
   */
  static Map<Object, Object> merged(
      @Nullable Map<Object, Object> theirs, Map<Object, Object> ours) {
    Map<Object, Object> extensions = new LinkedHashMap<>();
    if (theirs != null) {
      extensions.putAll(theirs);
    }
    extensions.keySet().removeAll(ours.keySet());
    extensions.putAll(ours);
    return extensions;
  }

  private static Map<String, Object> rateLimit(BudgetCharge budget, @Nullable Long refunded) {
    Map<String, Object> rateLimit = new LinkedHashMap<>();
    rateLimit.put("cost", budget.charged());
    rateLimit.put("remaining", budget.remaining());
    rateLimit.put("resetIn", budget.resetInSeconds());
    if (refunded != null) {
      rateLimit.put("refunded", refunded);
    }
    return rateLimit;
  }
}
