package dev.tollgate.registry.config;

import dev.tollgate.registry.ErrorKind;
import dev.tollgate.registry.TollgateException;

/** A configuration that cannot be used, naming the offending key. */
public final class ConfigException extends TollgateException {
  public ConfigException(String message) {
    super("CONFIG_INVALID", ErrorKind.INTERNAL, message);
  }

  public ConfigException(String message, Throwable cause) {
    super("CONFIG_INVALID", ErrorKind.INTERNAL, message, cause);
  }
}
