package dev.tollgate.registry.error;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The one unchecked root of the server's exceptions, thrown at the boundaries (HTTP input,
 * manifests, config, the store, the upstream). Each carries a stable {@link ErrorCode} that clients
 * read, whose {@link ErrorKind} the HTTP layer maps to a status, and may carry extensions (numbers
 * such as the estimated cost and the maximum, or the offending names), kept in their order.
 */
public abstract class TollgateException extends RuntimeException {

  private final ErrorCode code;
  private final Map<String, Object> extensions;

  protected TollgateException(ErrorCode code, String message) {
    this(code, message, Map.of(), null);
  }

  protected TollgateException(ErrorCode code, String message, Map<String, Object> extensions) {
    this(code, message, extensions, null);
  }

  protected TollgateException(ErrorCode code, String message, @Nullable Throwable cause) {
    this(code, message, Map.of(), cause);
  }

  protected TollgateException(
      ErrorCode code, String message, Map<String, Object> extensions, @Nullable Throwable cause) {
    super(message, cause);
    this.code = code;
    this.extensions = Collections.unmodifiableMap(new LinkedHashMap<>(extensions));
  }

  public ErrorCode errorCode() {
    return code;
  }

  /** The string clients read: {@code errorCode().code()}. */
  public String code() {
    return code.code();
  }

  public ErrorKind kind() {
    return code.kind();
  }

  /** Extra fields for the error's {@code extensions}, beside {@code code}. */
  public final Map<String, Object> extensions() {
    return extensions;
  }
}
