package dev.tollgate.registry.upstream;

import dev.tollgate.registry.admission.UpstreamRequest;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.CloseableHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.io.CloseMode;

/**
 * The exchange over HTTP/1.1, wholly on the caller's thread with blocking sockets (Apache
 * HttpClient 5 classic, {@link UpstreamClient}): no selector thread, no hand-over, no pool thread
 * per call; the deadline bounds every read ({@link DeadlineSocket}). A query whose connection
 * closed before any byte of an answer (a pooled connection the upstream closed while idle) is tried
 * once more on a fresh one, within the same deadline; a mutation is not, since the upstream may
 * have run it ({@link UpstreamRequest#resendable}).
 */
final class ClassicExchange implements UpstreamExchange {

  private static final ContentType JSON = ContentType.create("application/json");

  private final URI endpoint;
  private final Duration timeout;
  private final long maxResponseBytes;
  private final CloseableHttpClient client;

  ClassicExchange(URI endpoint, Duration timeout, long maxResponseBytes, int maxConnections) {
    this.endpoint = endpoint;
    this.timeout = timeout;
    this.maxResponseBytes = maxResponseBytes;
    this.client = UpstreamClient.create(timeout, maxConnections);
  }

  @Override
  public Exchanged exchange(UpstreamRequest request, byte[] body, long deadlineNanos) {
    return exchange(request, body, deadlineNanos, request.resendable());
  }

  @Override
  public void close() {
    client.close(CloseMode.IMMEDIATE);
  }

  /** When {@code mayRetry}, a connection closed before any byte of an answer is retried once. */
  private Exchanged exchange(
      UpstreamRequest request, byte[] body, long deadline, boolean mayRetry) {
    if (deadline - System.nanoTime() <= 0) {
      throw UpstreamFailures.timedOut(timeout.toMillis(), null);
    }
    HttpPost post = post(request, body);
    boolean[] answered = new boolean[1];
    try {
      return DeadlineSocket.within(deadline, () -> send(post, answered));
    } catch (IOException e) {
      if (mayRetry && !answered[0] && UpstreamFailures.closedEarly(e)) {
        return exchange(request, body, deadline, false);
      }
      throw UpstreamFailures.of(e, endpoint, timeout.toMillis());
    }
  }

  private Exchanged send(HttpPost post, boolean[] answered) throws IOException {
    CloseableHttpResponse response = client.execute(post);
    answered[0] = true;
    try {
      byte[] bytes = CappedBody.read(response.getEntity(), maxResponseBytes);
      Exchanged exchanged = new Exchanged(response.getCode(), bytes, headers(response));
      response.close();
      return exchanged;
    } catch (IOException | RuntimeException e) {
      response.close(CloseMode.IMMEDIATE); // drops the connection, unread rest and all
      throw e;
    }
  }

  private HttpPost post(UpstreamRequest request, byte[] body) {
    HttpPost post = new HttpPost(endpoint);
    for (Map.Entry<String, List<String>> header : request.headers().entrySet()) {
      for (String value : header.getValue()) {
        post.addHeader(header.getKey(), value);
      }
    }
    post.setHeader("Content-Type", "application/json");
    post.setHeader("Accept", HttpUpstream.ACCEPT);
    post.setEntity(new ByteArrayEntity(body, JSON));
    return post;
  }

  private static Map<String, List<String>> headers(CloseableHttpResponse response) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (Header header : response.getHeaders()) {
      headers.computeIfAbsent(header.getName(), name -> new ArrayList<>(1)).add(header.getValue());
    }
    return headers;
  }
}
