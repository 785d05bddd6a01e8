package dev.tollgate.registry.pricing;

import dev.tollgate.registry.ErrorKind;

/** An {@code operationName} the document does not define, or no name for a multi-operation document. */
public final class OperationNotFoundException extends PricingException {
  public OperationNotFoundException(String message) {
    super("OPERATION_RESOLUTION_FAILURE", ErrorKind.BAD_REQUEST, message);
  }
}
