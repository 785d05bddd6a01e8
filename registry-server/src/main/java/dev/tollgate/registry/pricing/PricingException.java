package dev.tollgate.registry.pricing;

import dev.tollgate.registry.ErrorKind;
import dev.tollgate.registry.TollgateException;

/** Root of the pricing engine's refusals. */
public abstract class PricingException extends TollgateException {
  protected PricingException(String code, ErrorKind kind, String message) {
    super(code, kind, message);
  }
}
