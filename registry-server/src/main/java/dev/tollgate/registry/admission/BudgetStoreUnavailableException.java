package dev.tollgate.registry.admission;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.ErrorKind;
import dev.tollgate.registry.error.TollgateException;

/**
 * The shared budget store did not answer in time or refused the charge, so the caller's budget is
 * unknown ({@link ErrorCode#BUDGET_STORE_UNAVAILABLE}). Nothing was charged as far as this gateway
 * knows (a timeout after Redis ran the script may have charged it). Kind {@link ErrorKind#INTERNAL}
 * (500): the store is our dependency, not the GraphQL upstream that {@link ErrorKind#UPSTREAM}
 * (502) reports on the gateway.
 */
public final class BudgetStoreUnavailableException extends TollgateException {

  BudgetStoreUnavailableException(String message, Throwable cause) {
    super(ErrorCode.BUDGET_STORE_UNAVAILABLE, message, cause);
  }
}
