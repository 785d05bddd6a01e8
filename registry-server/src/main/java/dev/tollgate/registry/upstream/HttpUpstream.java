package dev.tollgate.registry.upstream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
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
import org.jspecify.annotations.Nullable;

/**
 * An upstream GraphQL endpoint over HTTP: posts plain {@code {query, operationName, variables}} as
 * JSON with the request's headers and reads a JSON object back.
 *
 * <p>Bounds: the timeout is a deadline for the whole exchange (connecting, the headers and the
 * body); the answer is read into memory only up to {@code maxResponseBytes}. Every failure is an
 * {@link UpstreamException} (502) whose message names the cause, never a hang: connection refused
 * or reset, the deadline, a larger answer, a body that is not a GraphQL response, or a 5xx (whose
 * GraphQL errors, if it sent some, are kept in {@code extensions.upstream.errors}). A query whose
 * connection closed before any byte of an answer (a pooled connection the upstream closed while
 * idle) is tried once more on a fresh one, within the same deadline; a mutation is not, since the
 * upstream may have run it ({@link UpstreamRequest#resendable}).
 *
 * <p>Threads: the exchange runs wholly on the caller's thread, with blocking sockets (Apache
 * HttpClient 5 classic, {@link UpstreamClient}): no selector thread, no hand-over, no pool thread
 * per call; the deadline bounds every read ({@link DeadlineSocket}). Connections are HTTP/1.1, kept
 * alive and reused (the client's pool; no {@code Upgrade: h2c}).
 */
public final class HttpUpstream implements Upstream, AutoCloseable {

  private static final ContentType JSON = ContentType.create("application/json");

  private final URI endpoint;
  private final Duration timeout;
  private final long maxResponseBytes;
  private final CloseableHttpClient client;
  private final ObjectMapper json;
  private final ObjectReader reader;

  /**
   * @param maxConnections the most connections kept to the upstream: at least the calls allowed at
   *     once ({@code upstream.maxInFlight}), so that a call never waits for one
   */
  public HttpUpstream(
      URI endpoint,
      Duration timeout,
      long maxResponseBytes,
      int maxConnections,
      ObjectMapper json) {
    if (maxResponseBytes <= 0) {
      throw new IllegalArgumentException("maxResponseBytes must be positive: " + maxResponseBytes);
    }
    this.endpoint = endpoint;
    this.timeout = timeout;
    this.maxResponseBytes = maxResponseBytes;
    this.json = json;
    this.reader = UpstreamAnswers.reader(json);
    this.client = UpstreamClient.create(timeout, maxConnections);
  }

  /** With as many connections as the default {@code upstream.maxInFlight}. */
  public HttpUpstream(URI endpoint, Duration timeout, long maxResponseBytes, ObjectMapper json) {
    this(endpoint, timeout, maxResponseBytes, UpstreamSettings.DEFAULTS.maxInFlight(), json);
  }

  /**
   * From {@code upstream.url}, {@code timeoutMillis}, {@code maxResponseBytes}, {@code
   * maxInFlight}.
   */
  public static HttpUpstream of(UpstreamSettings settings, ObjectMapper json) {
    return new HttpUpstream(
        URI.create(String.valueOf(settings.url())),
        Duration.ofMillis(settings.timeoutMillis()),
        settings.maxResponseBytes(),
        settings.maxInFlight(),
        json);
  }

  @Override
  public UpstreamResponse execute(UpstreamRequest request) {
    byte[] body = body(request);
    long deadline = System.nanoTime() + timeout.toNanos();
    Exchanged answer = exchange(request, body, deadline, request.resendable());
    if (answer.status >= 500) {
      throw UpstreamAnswers.serverError(reader, answer.status, answer.body);
    }
    return new UpstreamResponse(
        answer.status, UpstreamAnswers.graphql(reader, answer.status, answer.body), answer.headers);
  }

  @Override
  public void close() {
    client.close(CloseMode.IMMEDIATE);
  }

  /**
   * The status, headers and body within {@code deadline}; when {@code mayRetry}, a connection
   * closed before any byte of an answer is retried once.
   */
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
    post.setHeader("Accept", "application/graphql-response+json, application/json");
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

  private byte[] body(UpstreamRequest request) {
    Map<String, @Nullable Object> body = new LinkedHashMap<>();
    body.put("query", request.query());
    if (request.operationName() != null) {
      body.put("operationName", request.operationName());
    }
    body.put("variables", request.variables());
    try {
      return json.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new UpstreamException(
          "cannot encode the upstream request: " + e.getOriginalMessage(), e);
    }
  }

  /** What one exchange brought back. */
  private record Exchanged(int status, byte[] body, Map<String, List<String>> headers) {}
}
