package dev.tollgate.registry.pricing;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;
import java.util.Map;

/** Root of the pricing engine's refusals. */
public abstract class PricingException extends TollgateException {
  protected PricingException(ErrorCode code, String message) {
    super(code, message);
  }

  protected PricingException(ErrorCode code, String message, Map<String, Object> extensions) {
    super(code, message, extensions);
  }
}
