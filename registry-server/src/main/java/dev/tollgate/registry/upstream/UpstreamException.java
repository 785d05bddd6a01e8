package dev.tollgate.registry.upstream;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;

/** The upstream failed or timed out ({@code UPSTREAM_ERROR}, 502). */
public final class UpstreamException extends TollgateException {
  public UpstreamException(String message, Throwable cause) {
    super(ErrorCode.UPSTREAM_ERROR, message, cause);
  }

  public UpstreamException(String message) {
    super(ErrorCode.UPSTREAM_ERROR, message);
  }
}
