package dev.tollgate.registry.upstream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.tollgate.registry.admission.UpstreamRequest;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An upstream GraphQL endpoint over HTTP: posts plain {@code {query, operationName, variables}} as
 * JSON with the request's headers and reads a JSON object back.
 *
 * <p>Bounds: the timeout is a deadline for the whole exchange (connecting, the headers and the
 * body); the answer is read into memory only up to {@code maxResponseBytes}. Every failure is an
 * {@link UpstreamException} (502) whose message names the cause, never a hang: connection refused
 * or reset, the deadline, a larger answer, a body that is not a GraphQL response, or a 5xx (whose
 * GraphQL errors, if it sent some, are kept in {@code extensions.upstream.errors}).
 *
 * <p>The exchange: HTTP/1.1 wholly on the caller's thread ({@link ClassicExchange}: kept-alive
 * connections, a query retried once on a connection the upstream closed while idle, a mutation
 * never), or h2c with prior knowledge when {@code upstream.h2c} is on ({@link H2cExchange}).
 */
public final class HttpUpstream implements Upstream, AutoCloseable {

  /** The {@code Accept} of every upstream call. */
  static final String ACCEPT = "application/graphql-response+json, application/json";

  private final Duration timeout;
  private final ObjectMapper json;
  private final ObjectReader reader;
  private final UpstreamExchange exchange;

  /**
   * @param maxConnections the most connections kept to the upstream: at least the calls allowed at
   *     once ({@code upstream.maxInFlight}), so that a call never waits for one
   * @param h2c HTTP/2 with prior knowledge instead of HTTP/1.1
   */
  public HttpUpstream(
      URI endpoint,
      Duration timeout,
      long maxResponseBytes,
      int maxConnections,
      boolean h2c,
      ObjectMapper json) {
    if (maxResponseBytes <= 0) {
      throw new IllegalArgumentException("maxResponseBytes must be positive: " + maxResponseBytes);
    }
    this.timeout = timeout;
    this.json = json;
    this.reader = UpstreamAnswers.reader(json);
    this.exchange =
        h2c
            ? new H2cExchange(endpoint, timeout, maxResponseBytes, maxConnections)
            : new ClassicExchange(endpoint, timeout, maxResponseBytes, maxConnections);
  }

  /** Over HTTP/1.1, with as many connections as the default {@code upstream.maxInFlight}. */
  public HttpUpstream(URI endpoint, Duration timeout, long maxResponseBytes, ObjectMapper json) {
    this(endpoint, timeout, maxResponseBytes, UpstreamSettings.DEFAULTS.maxInFlight(), false, json);
  }

  /**
   * From {@code upstream.url}, {@code timeoutMillis}, {@code maxResponseBytes}, {@code
   * maxInFlight}, {@code h2c}.
   */
  public static HttpUpstream of(UpstreamSettings settings, ObjectMapper json) {
    return new HttpUpstream(
        URI.create(String.valueOf(settings.url())),
        Duration.ofMillis(settings.timeoutMillis()),
        settings.maxResponseBytes(),
        settings.maxInFlight(),
        settings.h2c(),
        json);
  }

  @Override
  public UpstreamResponse execute(UpstreamRequest request) {
    byte[] body = body(request);
    long deadline = System.nanoTime() + timeout.toNanos();
    UpstreamExchange.Exchanged answer = exchange.exchange(request, body, deadline);
    if (answer.status() >= 500) {
      throw UpstreamAnswers.serverError(reader, answer.status(), answer.body());
    }
    return new UpstreamResponse(
        answer.status(),
        UpstreamAnswers.graphql(reader, answer.status(), answer.body()),
        answer.headers());
  }

  @Override
  public void close() {
    exchange.close();
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
}
