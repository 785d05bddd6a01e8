package dev.tollgate.registry.config;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;

/** A configuration that cannot be used, naming the offending key. */
public final class ConfigException extends TollgateException {
  public ConfigException(String message) {
    super(ErrorCode.CONFIG_INVALID, message);
  }

  public ConfigException(String message, Throwable cause) {
    super(ErrorCode.CONFIG_INVALID, message, cause);
  }
}
