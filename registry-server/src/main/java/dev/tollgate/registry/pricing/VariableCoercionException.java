package dev.tollgate.registry.pricing;

import dev.tollgate.registry.ErrorKind;

/** A request variable that does not coerce to its declared type ({@code BAD_USER_INPUT}). */
public final class VariableCoercionException extends PricingException {
  public VariableCoercionException(String message) {
    super("BAD_USER_INPUT", ErrorKind.BAD_REQUEST, message);
  }
}
