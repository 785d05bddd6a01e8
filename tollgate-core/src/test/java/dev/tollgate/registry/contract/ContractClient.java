package dev.tollgate.registry.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.document.DocumentHash;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How {@link AdmissionContract} talks to a way in, as any client would: plain HTTP with the JDK's
 * client (the caller's key in {@code X-API-Key}, the media type in {@code Accept}), and JSON read
 * with Jackson.
 */
final class ContractClient {

  static final String GRAPHQL_RESPONSE = "application/graphql-response+json";
  static final String JSON_TYPE = "application/json";
  static final String NO_CACHE = "private, no-cache, must-revalidate";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private final WayIn wayIn;

  ContractClient(WayIn wayIn) {
    this.wayIn = wayIn;
  }

  /**
   * {@code X-RateLimit-Remaining} and {@code -Reset} are the body's {@code extensions.rateLimit};
   * {@code X-RateLimit-Limit} the bucket's capacity ({@code limit}; negative: not checked).
   */
  static void assertBalanceHeaders(HttpResponse<String> response, JsonNode body, long limit) {
    JsonNode rateLimit = body.at("/extensions/rateLimit");
    assertThat(rateLimit.isObject()).as(response.body()).isTrue();
    assertThat(response.headers().firstValue("X-RateLimit-Remaining"))
        .hasValue(rateLimit.get("remaining").asText());
    assertThat(response.headers().firstValue("X-RateLimit-Reset"))
        .hasValue(rateLimit.get("resetIn").asText());
    assertThat(response.headers().firstValue("X-RateLimit-Limit")).isPresent();
    if (limit >= 0) {
      assertThat(response.headers().firstValue("X-RateLimit-Limit")).hasValue(Long.toString(limit));
    }
  }

  static Map<String, Object> apq(DocumentHash hash) {
    return Map.of("persistedQuery", Map.of("version", 1, "sha256Hash", hash.hex()));
  }

  HttpResponse<String> post(String key, String accept, Map<String, ?> request) {
    try {
      return send(
          HttpRequest.newBuilder(wayIn.graphql())
              .header("Content-Type", "application/json")
              .header("Accept", accept)
              .header("X-API-Key", key)
              .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(request)))
              .build());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  HttpResponse<String> get(String key, String accept, Map<String, String> parameters) {
    List<String> pairs = new ArrayList<>();
    new LinkedHashMap<>(parameters)
        .forEach(
            (name, value) ->
                pairs.add(name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8)));
    URI uri = URI.create(wayIn.graphql() + "?" + String.join("&", pairs));
    return send(
        HttpRequest.newBuilder(uri)
            .header("Accept", accept)
            .header("X-API-Key", key)
            .GET()
            .build());
  }

  private static HttpResponse<String> send(HttpRequest request) {
    try {
      return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static JsonNode read(HttpResponse<String> response) {
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + response.body(), e);
    }
  }

  static JsonNode answer(String query) {
    return JSON.valueToTree(ContractFixture.answerTo(query)).get("data");
  }

  static List<String> codes(JsonNode body) {
    List<String> codes = new ArrayList<>();
    body.path("errors").forEach(error -> codes.add(error.at("/extensions/code").asText()));
    return codes;
  }

  /** {@code value} as a JSON tree, to compare with a body's. */
  static JsonNode tree(Object value) {
    return JSON.valueToTree(value);
  }
}
