package dev.tollgate.registry.upstream;

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.jspecify.annotations.Nullable;

/**
 * What a failed exchange with the upstream is called in the 502's message: the cause in words
 * (connection refused, reset, closed, timed out, too large), never a bare exception class name.
 */
final class UpstreamFailures {

  private UpstreamFailures() {}

  static UpstreamException timedOut(long timeoutMillis, @Nullable Throwable cause) {
    String message = "upstream did not answer within " + timeoutMillis + " ms";
    return cause == null ? new UpstreamException(message) : new UpstreamException(message, cause);
  }

  /** The failure of one exchange, {@code failure} being what the HTTP client reported. */
  static UpstreamException of(Throwable failure, URI endpoint, long timeoutMillis) {
    CappedBody.TooLarge tooLarge = find(failure, CappedBody.TooLarge.class);
    if (tooLarge != null) {
      return new UpstreamException(String.valueOf(tooLarge.getMessage()), tooLarge);
    }
    // a read past the deadline, a connect or a pool lease past the timeout; over h2c, Jetty's total
    // timeout of the request
    if (find(failure, InterruptedIOException.class) != null
        || find(failure, TimeoutException.class) != null) {
      return timedOut(timeoutMillis, failure);
    }
    if (find(failure, ConnectException.class) != null) {
      return new UpstreamException(
          "upstream connection refused: " + endpoint.getHost() + ":" + port(endpoint), failure);
    }
    if (mentions(failure, "reset")) {
      return new UpstreamException("upstream connection reset", failure);
    }
    if (closedEarly(failure)) {
      return new UpstreamException("upstream closed the connection before it answered", failure);
    }
    return new UpstreamException("upstream request failed: " + describe(failure), failure);
  }

  /**
   * Whether the connection was closed before any byte of an answer: what a pooled connection the
   * upstream closed while it was idle looks like when it is used.
   */
  static boolean closedEarly(Throwable failure) {
    if (mentions(failure, "reset")) {
      return false;
    }
    return find(failure, NoHttpResponseException.class) != null
        || find(failure, EOFException.class) != null
        || find(failure, ClosedChannelException.class) != null
        || mentions(failure, "received no bytes")
        || mentions(failure, "connection closed");
  }

  private static int port(URI endpoint) {
    if (endpoint.getPort() >= 0) {
      return endpoint.getPort();
    }
    return "https".equalsIgnoreCase(endpoint.getScheme()) ? 443 : 80;
  }

  private static boolean mentions(Throwable failure, String words) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      String message = cause.getMessage();
      if (message != null && message.toLowerCase(Locale.ROOT).contains(words)) {
        return true;
      }
    }
    return false;
  }

  private static String describe(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof IOException && cause.getMessage() != null) {
        return cause.getMessage();
      }
    }
    return "the connection failed";
  }

  private static <T extends Throwable> @Nullable T find(Throwable failure, Class<T> type) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (type.isInstance(cause)) {
        return type.cast(cause);
      }
    }
    return null;
  }
}
