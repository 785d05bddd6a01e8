package dev.tollgate.registry;

import java.util.Map;

/**
 * The one unchecked root of the server's exceptions. Each subclass carries a stable {@link #code()}
 * that clients read, an {@link ErrorKind} that the HTTP layer maps to a status, and may carry
 * extensions (numbers such as the estimated cost and the maximum).
 */
public abstract class TollgateException extends RuntimeException {

  private final String code;
  private final ErrorKind kind;

  protected TollgateException(String code, ErrorKind kind, String message) {
    super(message);
    this.code = code;
    this.kind = kind;
  }

  protected TollgateException(String code, ErrorKind kind, String message, Throwable cause) {
    super(message, cause);
    this.code = code;
    this.kind = kind;
  }

  public String code() {
    return code;
  }

  public ErrorKind kind() {
    return kind;
  }

  /** Extra fields for the error's {@code extensions}, beside {@code code}. */
  public Map<String, Object> extensions() {
    return Map.of();
  }
}
