package dev.tollgate.registry.upstream;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;
import java.util.Map;

/**
 * The upstream failed, timed out or answered something that is not GraphQL ({@code UPSTREAM_ERROR},
 * 502), or too many calls to it are in flight ({@code UPSTREAM_BUSY}, 503). The message names the
 * cause; the request was not charged.
 */
public final class UpstreamException extends TollgateException {
  public UpstreamException(String message, Throwable cause) {
    super(ErrorCode.UPSTREAM_ERROR, message, cause);
  }

  public UpstreamException(String message) {
    super(ErrorCode.UPSTREAM_ERROR, message);
  }

  /**
   * @param extensions added to the error's {@code extensions}, e.g. {@code upstream: {status,
   *     errors}}
   */
  public UpstreamException(String message, Map<String, Object> extensions) {
    super(ErrorCode.UPSTREAM_ERROR, message, extensions);
  }

  private UpstreamException(ErrorCode code, String message) {
    super(code, message);
  }

  /** {@code maxInFlight} upstream calls are already waiting for the upstream. */
  static UpstreamException busy(int maxInFlight) {
    return new UpstreamException(
        ErrorCode.UPSTREAM_BUSY,
        "the upstream is busy: "
            + maxInFlight
            + " calls to it are in flight (upstream.maxInFlight); retry later");
  }
}
