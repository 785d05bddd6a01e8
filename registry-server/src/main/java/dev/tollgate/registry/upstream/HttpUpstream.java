package dev.tollgate.registry.upstream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * An upstream GraphQL endpoint over HTTP: posts plain {@code {query, operationName, variables}} as
 * JSON with the request's headers and reads a JSON object back.
 *
 * <p>Bounds: the timeout is a deadline for the whole exchange (connecting, the headers and the
 * body); the answer is read into memory only up to {@code maxResponseBytes}. Every failure is an
 * {@link UpstreamException} (502) whose message names the cause, never a hang: connection refused
 * or reset, the deadline, a larger answer, a body that is not a GraphQL response, or a 5xx (whose
 * GraphQL errors, if it sent some, are kept in {@code extensions.upstream.errors}). A connection
 * closed before any byte of an answer (a pooled connection the upstream closed while idle) is tried
 * once more on a fresh one, within the same deadline.
 */
public final class HttpUpstream implements Upstream {

  private static final TypeReference<LinkedHashMap<String, @Nullable Object>> MAP =
      new TypeReference<>() {};

  private final URI endpoint;
  private final Duration timeout;
  private final long maxResponseBytes;
  private final HttpClient client;
  private final ObjectMapper json;

  public HttpUpstream(URI endpoint, Duration timeout, long maxResponseBytes, ObjectMapper json) {
    if (maxResponseBytes <= 0) {
      throw new IllegalArgumentException("maxResponseBytes must be positive: " + maxResponseBytes);
    }
    this.endpoint = endpoint;
    this.timeout = timeout;
    this.maxResponseBytes = maxResponseBytes;
    this.json = json;
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  /** From {@code upstream.url}, {@code upstream.timeoutMillis}, {@code maxResponseBytes}. */
  public static HttpUpstream of(
      String url, int timeoutMillis, long maxResponseBytes, ObjectMapper json) {
    return new HttpUpstream(
        URI.create(url), Duration.ofMillis(timeoutMillis), maxResponseBytes, json);
  }

  @Override
  public UpstreamResponse execute(UpstreamRequest request) {
    byte[] body = body(request);
    long deadline = System.nanoTime() + timeout.toNanos();
    HttpResponse<byte[]> response = exchange(request, body, deadline, true);
    Map<String, List<String>> headers = response.headers().map();
    if (response.statusCode() >= 500) {
      throw UpstreamAnswers.serverError(json, response.statusCode(), response.body());
    }
    return new UpstreamResponse(
        response.statusCode(), UpstreamAnswers.graphql(json, response), headers);
  }

  /** One exchange within {@code deadline}; a connection closed early is retried once. */
  private HttpResponse<byte[]> exchange(
      UpstreamRequest request, byte[] body, long deadline, boolean mayRetry) {
    long remaining = deadline - System.nanoTime();
    if (remaining <= 0) {
      throw UpstreamFailures.timedOut(timeout.toMillis(), null);
    }
    CappedBody.Handler handler = new CappedBody.Handler(maxResponseBytes);
    CompletableFuture<HttpResponse<byte[]>> future =
        client.sendAsync(httpRequest(request, body, remaining), handler);
    try {
      return future.get(remaining, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      stop(future, handler, e);
      throw UpstreamFailures.timedOut(timeout.toMillis(), e);
    } catch (InterruptedException e) {
      stop(future, handler, e);
      Thread.currentThread().interrupt();
      throw new UpstreamException("interrupted while waiting for the upstream", e);
    } catch (ExecutionException e) {
      Throwable failure = e.getCause() != null ? e.getCause() : e;
      if (mayRetry && !handler.answered() && UpstreamFailures.closedEarly(failure)) {
        return exchange(request, body, deadline, false);
      }
      throw UpstreamFailures.of(failure, endpoint, timeout.toMillis());
    }
  }

  private static void stop(
      CompletableFuture<HttpResponse<byte[]>> future, CappedBody.Handler handler, Exception why) {
    handler.abort(why);
    future.cancel(true);
  }

  private HttpRequest httpRequest(UpstreamRequest request, byte[] body, long remainingNanos) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(endpoint).timeout(Duration.ofNanos(remainingNanos));
    for (Map.Entry<String, List<String>> header : request.headers().entrySet()) {
      for (String value : header.getValue()) {
        addHeader(builder, header.getKey(), value);
      }
    }
    return builder
        .setHeader("Content-Type", "application/json")
        .setHeader("Accept", "application/graphql-response+json, application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
        .build();
  }

  /**
   * A header the JDK client refuses (a name it keeps for itself, or a value it finds invalid) is
   * left out rather than failing the caller's request; the config already refuses such names.
   */
  private static void addHeader(HttpRequest.Builder builder, String name, String value) {
    try {
      builder.header(name, value);
    } catch (IllegalArgumentException e) {
      // left out, see above
    }
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

  /** Reads {@code bytes} as a JSON object, or {@code null} when they are not one. */
  static @Nullable Map<String, @Nullable Object> jsonObject(ObjectMapper json, byte[] bytes) {
    try {
      return json.readValue(bytes, MAP);
    } catch (IOException e) {
      return null;
    }
  }
}
