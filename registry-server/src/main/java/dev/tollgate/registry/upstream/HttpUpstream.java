package dev.tollgate.registry.upstream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.tollgate.registry.admission.UpstreamRequest;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
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
 *
 * <p>Threads: the exchange is {@code HttpClient.send}, which runs on the caller's thread until it
 * waits for the answer, and the client's executor is direct, so the client's selector thread parses
 * the answer and fills the {@link CappedBody} itself (neither blocks) and wakes the caller: no pool
 * thread per call. Not {@code sendAsync}: it completes its future through CompletableFuture's
 * default executor, which on fewer than 3 cores (a pinned server, a small container) starts a new
 * thread for every call (measured: {@code java.threads.started} grew by one per upstream request).
 * Connections are HTTP/1.1, kept alive and reused (the client's pool; no {@code Upgrade: h2c}).
 */
public final class HttpUpstream implements Upstream {

  /** Runs the client's tasks where they are handed over: see the class comment. */
  private static final Executor DIRECT = Runnable::run;

  private final URI endpoint;
  private final Duration timeout;
  private final long maxResponseBytes;
  private final HttpClient client;
  private final ObjectMapper json;
  private final ObjectReader reader;

  public HttpUpstream(URI endpoint, Duration timeout, long maxResponseBytes, ObjectMapper json) {
    if (maxResponseBytes <= 0) {
      throw new IllegalArgumentException("maxResponseBytes must be positive: " + maxResponseBytes);
    }
    this.endpoint = endpoint;
    this.timeout = timeout;
    this.maxResponseBytes = maxResponseBytes;
    this.json = json;
    this.reader = UpstreamAnswers.reader(json);
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .executor(DIRECT)
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
    HttpResponse<CappedBody> response = exchange(request, body, deadline, true);
    byte[] answer = answer(response.body(), deadline);
    if (response.statusCode() >= 500) {
      throw UpstreamAnswers.serverError(reader, response.statusCode(), answer);
    }
    return new UpstreamResponse(
        response.statusCode(),
        UpstreamAnswers.graphql(reader, response.statusCode(), answer),
        response.headers().map());
  }

  /**
   * The status line and headers within {@code deadline} (the request's timeout covers connecting,
   * sending and the headers); a connection closed before them is retried once.
   */
  private HttpResponse<CappedBody> exchange(
      UpstreamRequest request, byte[] body, long deadline, boolean mayRetry) {
    long remaining = deadline - System.nanoTime();
    if (remaining <= 0) {
      throw UpstreamFailures.timedOut(timeout.toMillis(), null);
    }
    CappedBody.Handler handler = new CappedBody.Handler(maxResponseBytes);
    try {
      return client.send(httpRequest(request, body, remaining), handler);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UpstreamException("interrupted while waiting for the upstream", e);
    } catch (IOException e) {
      if (mayRetry && !handler.answered() && UpstreamFailures.closedEarly(e)) {
        return exchange(request, body, deadline, false);
      }
      throw UpstreamFailures.of(e, endpoint, timeout.toMillis());
    }
  }

  /** The answer's body within what is left of {@code deadline}; past it, the body is aborted. */
  private byte[] answer(CappedBody body, long deadline) {
    try {
      return body.await(Math.max(0, deadline - System.nanoTime()));
    } catch (TimeoutException e) {
      body.abort(e);
      throw UpstreamFailures.timedOut(timeout.toMillis(), e);
    } catch (InterruptedException e) {
      body.abort(e);
      Thread.currentThread().interrupt();
      throw new UpstreamException("interrupted while waiting for the upstream", e);
    } catch (ExecutionException e) {
      Throwable failure = e.getCause() != null ? e.getCause() : e;
      throw UpstreamFailures.of(failure, endpoint, timeout.toMillis());
    }
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
}
