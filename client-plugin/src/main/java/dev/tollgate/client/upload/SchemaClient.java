package dev.tollgate.client.upload;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Sends a schema's SDL to the registry's {@code POST /v1/schemas?dryRun=true} and reads the impact
 * report. As with {@link RegistryClient}, the token goes only into the {@code Authorization}
 * header.
 */
public final class SchemaClient {

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(5);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http;
  private final URI registryUrl;
  private final @Nullable String token;

  public SchemaClient(URI registryUrl, @Nullable String token) {
    this.http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
    this.registryUrl = registryUrl;
    this.token = token;
  }

  /**
   * The impact report of {@code sdl}; nothing is stored.
   *
   * @throws RegistryException when the registry cannot be reached or refuses (422 for an invalid
   *     schema: {@link ManifestRejectedException} with graphql-java's errors)
   */
  public SchemaImpact check(String sdl) {
    String base = registryUrl.toString().replaceAll("/+$", "");
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + "/v1/schemas?dryRun=true"))
            .timeout(REQUEST_TIMEOUT)
            .header("Content-Type", "text/plain; charset=utf-8")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(sdl, StandardCharsets.UTF_8));
    if (token != null && !token.isBlank()) {
      request.header("Authorization", "Bearer " + token);
    }
    HttpResponse<String> response = send(request.build());
    if (response.statusCode() / 100 != 2) {
      throw RegistryResponses.error(response.statusCode(), response.body(), new Redactor(token));
    }
    return impact(response.statusCode(), response.body());
  }

  @Override
  public String toString() {
    return "SchemaClient[" + registryUrl + "]";
  }

  private HttpResponse<String> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new RegistryUnreachableException(registryUrl, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RegistryUnreachableException(registryUrl, e);
    }
  }

  static SchemaImpact impact(int status, String body) {
    JsonNode root;
    try {
      root = JSON.readTree(body);
    } catch (JsonProcessingException e) {
      root = null;
    }
    if (root == null || !root.isObject()) {
      throw new RegistryResponseException(status, "the impact report is not a JSON object");
    }
    List<SchemaImpact.Operation> operations = new ArrayList<>();
    for (JsonNode node : root.path("operations")) {
      operations.add(operation(node));
    }
    Map<String, Integer> summary = new LinkedHashMap<>();
    root.path("summary").properties().forEach(e -> summary.put(e.getKey(), e.getValue().asInt()));
    return new SchemaImpact(root.path("fingerprint").asText(""), operations, summary);
  }

  private static SchemaImpact.Operation operation(JsonNode node) {
    List<String> errors = new ArrayList<>();
    node.path("errors").forEach(error -> errors.add(error.asText()));
    return new SchemaImpact.Operation(
        node.path("app").asText(""),
        node.path("version").asText(""),
        node.path("id").asText(""),
        node.path("name").asText(""),
        node.path("oldPrice").asText(""),
        node.path("newPrice").isTextual() ? node.get("newPrice").asText() : null,
        node.path("oldCost").asLong(),
        node.path("newCost").isNumber() ? node.get("newCost").asLong() : null,
        node.path("status").asText(""),
        errors);
  }
}
