package dev.tollgate.registry.upstream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An upstream GraphQL endpoint over HTTP: posts plain {@code {query, operationName, variables}} as
 * JSON and reads a JSON object back. Connecting and the whole exchange are bounded by the
 * configured timeout; any failure, a timeout or a body that is not a JSON object is an {@link
 * UpstreamException} (502), never a hang.
 */
public final class HttpUpstream implements Upstream {

  private static final TypeReference<LinkedHashMap<String, @Nullable Object>> MAP =
      new TypeReference<>() {};

  private final URI endpoint;
  private final Duration timeout;
  private final HttpClient client;
  private final ObjectMapper json;

  public HttpUpstream(URI endpoint, Duration timeout, ObjectMapper json) {
    this.endpoint = endpoint;
    this.timeout = timeout;
    this.json = json;
    this.client =
        HttpClient.newBuilder()
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  /** From {@code upstream.url} and {@code upstream.timeoutMillis}; the url must be set. */
  public static HttpUpstream of(String url, int timeoutMillis, ObjectMapper json) {
    return new HttpUpstream(URI.create(url), Duration.ofMillis(timeoutMillis), json);
  }

  @Override
  public UpstreamResponse execute(UpstreamRequest request) {
    HttpResponse<byte[]> response =
        send(
            HttpRequest.newBuilder(endpoint)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/graphql-response+json, application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body(request)))
                .build());
    return new UpstreamResponse(response.statusCode(), parse(response), response.headers().map());
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

  private HttpResponse<byte[]> send(HttpRequest request) {
    try {
      return client.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (HttpTimeoutException e) {
      throw new UpstreamException("upstream timed out after " + timeout.toMillis() + " ms", e);
    } catch (IOException e) {
      throw new UpstreamException("upstream request failed: " + e.getClass().getSimpleName(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UpstreamException("interrupted while waiting for the upstream", e);
    }
  }

  private Map<String, @Nullable Object> parse(HttpResponse<byte[]> response) {
    try {
      Map<String, @Nullable Object> body = json.readValue(response.body(), MAP);
      if (body == null || !(body.containsKey("data") || body.containsKey("errors"))) {
        throw new UpstreamException(
            "upstream answered HTTP " + response.statusCode() + " without data or errors");
      }
      return body;
    } catch (IOException e) {
      throw new UpstreamException(
          "upstream answered HTTP " + response.statusCode() + " with a body that is not JSON", e);
    }
  }
}
