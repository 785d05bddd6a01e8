package dev.tollgate.registry.pricing;

import dev.tollgate.registry.error.ErrorCode;

/** A request variable that does not coerce to its declared type ({@code BAD_USER_INPUT}). */
final class VariableCoercionException extends PricingException {
  /** {@code message} is kept at most {@value EchoedValues#MAX_CHARS} characters long. */
  public VariableCoercionException(String message) {
    super(ErrorCode.BAD_USER_INPUT, EchoedValues.cap(message));
  }
}
