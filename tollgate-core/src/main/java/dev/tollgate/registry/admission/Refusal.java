package dev.tollgate.registry.admission;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Why a request does not run: a stable {@link ErrorCode}, a message, and extensions in their order.
 * A value: admission decides refusals without throwing, and the gateway renders them.
 */
public record Refusal(ErrorCode errorCode, String message, Map<String, Object> extensions) {

  /**
   * The 401 of a caller whose key no policy names: nothing else is said, and nothing is charged or
   * reported.
   */
  public static final Refusal UNKNOWN_KEY =
      new Refusal(ErrorCode.UNAUTHENTICATED, "unknown API key");

  public Refusal {
    extensions = Collections.unmodifiableMap(new LinkedHashMap<>(extensions));
  }

  public Refusal(ErrorCode errorCode, String message) {
    this(errorCode, message, Map.of());
  }

  /** The refusal an exception raised at a boundary (input, pricing, upstream) stands for. */
  public static Refusal of(TollgateException e) {
    return new Refusal(e.errorCode(), String.valueOf(e.getMessage()), e.extensions());
  }

  /** The string clients read: {@code errorCode().code()}. */
  public String code() {
    return errorCode.code();
  }
}
