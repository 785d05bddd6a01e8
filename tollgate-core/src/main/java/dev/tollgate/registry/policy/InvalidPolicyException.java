package dev.tollgate.registry.policy;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;

/**
 * A policy setting out of range, named in the message ({@code "depth must be positive: 0"}). A
 * config file reports it under the key it was read from.
 */
public final class InvalidPolicyException extends TollgateException {
  InvalidPolicyException(String message) {
    super(ErrorCode.CONFIG_INVALID, message);
  }
}
