package dev.tollgate.registry.pricing;

import dev.tollgate.registry.error.ErrorCode;

/**
 * An {@code operationName} the document does not define, or no name for a multi-operation document.
 */
public final class OperationNotFoundException extends PricingException {
  public OperationNotFoundException(String message) {
    super(ErrorCode.OPERATION_RESOLUTION_FAILURE, message);
  }
}
