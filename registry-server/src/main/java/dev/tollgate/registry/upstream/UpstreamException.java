package dev.tollgate.registry.upstream;

import dev.tollgate.registry.ErrorKind;
import dev.tollgate.registry.TollgateException;

/** The upstream failed or timed out ({@code UPSTREAM_ERROR}, 502). */
public final class UpstreamException extends TollgateException {
  public UpstreamException(String message, Throwable cause) {
    super("UPSTREAM_ERROR", ErrorKind.UPSTREAM, message, cause);
  }

  public UpstreamException(String message) {
    super("UPSTREAM_ERROR", ErrorKind.UPSTREAM, message);
  }
}
