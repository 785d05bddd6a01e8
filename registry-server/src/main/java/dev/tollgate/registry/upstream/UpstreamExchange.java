package dev.tollgate.registry.upstream;

import dev.tollgate.registry.admission.UpstreamRequest;
import java.util.List;
import java.util.Map;

/**
 * One HTTP exchange with the upstream, as {@link HttpUpstream} makes it: HTTP/1.1 on the caller's
 * thread ({@link ClassicExchange}, the default) or h2c ({@link H2cExchange}, {@code upstream.h2c}).
 */
interface UpstreamExchange extends AutoCloseable {

  /**
   * Posts {@code body} with {@code request}'s headers and reads the answer, at most {@code
   * maxResponseBytes} of it, by {@code deadlineNanos} ({@link System#nanoTime}).
   *
   * @throws UpstreamException whatever failed, in words
   */
  Exchanged exchange(UpstreamRequest request, byte[] body, long deadlineNanos);

  @Override
  void close();

  /** What one exchange brought back. */
  record Exchanged(int status, byte[] body, Map<String, List<String>> headers) {}
}
