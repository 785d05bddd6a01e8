package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.RegistryServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the server answers where no route is: {@code GET /} sends a browser to the console, and any
 * other method and path is the API's JSON error, 404 {@code ROUTE_NOT_FOUND}, naming it; the routes
 * that exist answer as before.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class UnknownRoutesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  // never follows redirects (HttpClient's default), so the 302 itself is seen
  private final HttpClient http = HttpClient.newHttpClient();
  private RegistryServer server;

  @BeforeAll
  void start(@TempDir Path temp) {
    server = RegistryServer.start(OperatorRoutesTest.demoWithPublishToken(temp.resolve("data")));
  }

  @AfterAll
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void root_get_redirectsToTheConsoleWithWhereEverythingIs() throws Exception {
    HttpResponse<String> root = send("GET", "/");

    assertThat(root.statusCode()).isEqualTo(302);
    assertThat(root.headers().firstValue("Location")).hasValue("/console/");
    assertThat(root.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("application/json");
    JsonNode body = JSON.readTree(root.body());
    assertThat(body.path("console").asText()).isEqualTo("/console/");
    assertThat(body.path("registry").asText()).isEqualTo("/v1");
    assertThat(body.path("graphql").asText()).isEqualTo("/graphql");
  }

  @Test
  void unknownV1Route_jsonNotFoundNamingMethodAndPath() throws Exception {
    HttpResponse<String> response = send("GET", "/v1/nope");

    assertNoRoute(response, "GET", "/v1/nope");
    assertThat(JSON.readTree(response.body()).path("message").asText())
        .isEqualTo(
            "no route GET /v1/nope: the registry API is under /v1, GraphQL at /graphql, the"
                + " console at /console/");
  }

  @Test
  void knownV1PathWithAnotherMethod_jsonNotFound() throws Exception {
    assertNoRoute(send("PUT", "/v1/price-list"), "PUT", "/v1/price-list");
    assertNoRoute(send("POST", "/v1"), "POST", "/v1");
  }

  @Test
  void unknownPathOutsideV1_jsonNotFoundToo() throws Exception {
    assertNoRoute(send("GET", "/nope"), "GET", "/nope");
    assertNoRoute(send("DELETE", "/"), "DELETE", "/");
  }

  @Test
  void longPath_printedUpTo200Characters() throws Exception {
    String path = "/" + "a".repeat(300);

    JsonNode body = JSON.readTree(send("GET", path).body());

    // "/" and 199 letters are the first 200 characters
    String printed = "/" + "a".repeat(199) + "…";
    assertThat(body.path("extensions").path("path").asText()).isEqualTo(printed);
    assertThat(body.path("message").asText()).contains(printed).doesNotContain("a".repeat(200));
  }

  @Test
  void existingRoutes_answerAsBefore() throws Exception {
    HttpResponse<String> health = send("GET", "/health");
    HttpResponse<String> metrics = send("GET", "/metrics");
    HttpResponse<String> graphql = send("GET", "/graphql");
    HttpResponse<String> consoleFile = send("GET", "/console/nope.js");
    HttpResponse<String> priceList = send("GET", "/v1/price-list");

    assertThat(health.statusCode()).isEqualTo(200);
    assertThat(health.body()).contains("\"status\":\"ok\"");
    assertThat(metrics.statusCode()).isEqualTo(200);
    assertThat(metrics.body()).contains("tollgate_requests_total");
    // the gateway's own GraphQL-shaped refusal of a GET with no query or id
    assertThat(JSON.readTree(graphql.body()).path("errors").isArray()).isTrue();
    assertThat(consoleFile.statusCode()).isEqualTo(404);
    assertThat(consoleFile.body()).isEqualTo("no console file nope.js");
    assertThat(priceList.statusCode()).isEqualTo(200);
  }

  private static void assertNoRoute(HttpResponse<String> response, String method, String path)
      throws Exception {
    assertThat(response.statusCode()).as(method + " " + path).isEqualTo(404);
    assertThat(response.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("application/json");
    JsonNode body = JSON.readTree(response.body());
    assertThat(body.path("code").asText()).isEqualTo("ROUTE_NOT_FOUND");
    assertThat(body.path("message").asText()).startsWith("no route " + method + " " + path + ":");
    assertThat(body.path("extensions").path("method").asText()).isEqualTo(method);
    assertThat(body.path("extensions").path("path").asText()).isEqualTo(path);
  }

  private HttpResponse<String> send(String method, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
