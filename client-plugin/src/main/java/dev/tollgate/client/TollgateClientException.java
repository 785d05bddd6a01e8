package dev.tollgate.client;

/**
 * The root of every failure the client library reports. Each subclass carries the data of its
 * failure and a stable {@link #code()}, so adapters (Mojos, the command line) can map it without
 * parsing messages. Messages never contain the registry token.
 */
public abstract class TollgateClientException extends RuntimeException {

  protected TollgateClientException(String message) {
    super(message);
  }

  protected TollgateClientException(String message, Throwable cause) {
    super(message, cause);
  }

  /** A stable, machine-readable name of this failure, e.g. {@code REGISTRY_UNREACHABLE}. */
  public abstract String code();
}
