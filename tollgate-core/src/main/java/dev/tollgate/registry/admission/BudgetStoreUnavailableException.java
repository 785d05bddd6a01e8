package dev.tollgate.registry.admission;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.ErrorKind;
import dev.tollgate.registry.error.TollgateException;
import java.util.Map;

/**
 * The shared budget store did not answer in time or refused the charge, so the caller's budget is
 * unknown ({@link ErrorCode#BUDGET_STORE_UNAVAILABLE}). Nothing was charged as far as this gateway
 * knows (a timeout after Redis ran the script may have charged it). {@link FallbackBudgetLedger}
 * answers it by the caller's {@code budget.onStoreFailure}; under {@code deny} it reaches the
 * client as kind {@link ErrorKind#UNAVAILABLE} (503) with {@code retryAfter}: the seconds until the
 * store is tried again.
 */
public final class BudgetStoreUnavailableException extends TollgateException {

  BudgetStoreUnavailableException(String message, Throwable cause) {
    super(ErrorCode.BUDGET_STORE_UNAVAILABLE, message, cause);
  }

  private BudgetStoreUnavailableException(String message, long retryAfterSeconds) {
    super(ErrorCode.BUDGET_STORE_UNAVAILABLE, message, Map.of("retryAfter", retryAfterSeconds));
  }

  /** The refusal of a charge under {@code budget.onStoreFailure: deny}. */
  static BudgetStoreUnavailableException denied(long retryAfterSeconds) {
    return new BudgetStoreUnavailableException(
        "the budget store is unavailable and this key's budget.onStoreFailure is deny: retry in "
            + retryAfterSeconds
            + " s",
        retryAfterSeconds);
  }
}
