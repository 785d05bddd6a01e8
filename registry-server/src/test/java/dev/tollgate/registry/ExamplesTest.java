package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tollgate.registry.store.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example configs in {@code examples/} started as a user starts them ({@code --config}), so
 * they never go stale. The several-gateways one runs when {@code TOLLGATE_TEST_POSTGRES_URL} and
 * {@code TOLLGATE_TEST_REDIS_URL} are set, with its placeholders replaced by them.
 */
final class ExamplesTest {

  private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
  private static final ObjectMapper JSON = new ObjectMapper();

  // The four-cargo query; book model: 53 (docs/cost-model.md).
  private static final String FOUR_CARGO =
      "{ cargos(first: 4) { edges { node { trackingId itinerary { legs { voyageNumber"
          + " loadLocation { code } unloadLocation { code } loadTime } } delivery"
          + " { transportStatus } } } } }";
  private static final String LATE =
      "query Late { cargos(first: 3) { edges { node { trackingId delivery { eta } } } } }";

  @TempDir Path dir;

  private final HttpClient client = HttpClient.newHttpClient();
  private final List<RegistryServer> started = new ArrayList<>();
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  @AfterEach
  void stop() {
    started.forEach(RegistryServer::close);
  }

  @Test
  void singleNode_startsAndServesEachKeyAsDocumented() throws Exception {
    RegistryServer server =
        start(EXAMPLES.resolve("single-node.json"), "--data-dir", dir.resolve("data").toString());

    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("store     H2 in " + dir.resolve("data"))
        .contains("schema    " + EXAMPLES.getParent().resolve("registry-server/src/main"))
        .contains("policies  3: open 1 (partner), trusted 2 (anonymous, web)")
        .doesNotContain("warning");
    HttpResponse<String> open = graphql(server, "REPLACE-ME-partner-key", query(FOUR_CARGO));
    assertThat(open.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(open.body()).at("/extensions/cost/estimated").asLong()).isEqualTo(53);

    HttpResponse<String> published =
        publish(server, "REPLACE-ME-publish-token", "cargo-web", "1", manifest(LATE));
    assertThat(published.statusCode()).as(published.body()).isEqualTo(201);
    HttpResponse<String> trusted =
        graphql(server, "REPLACE-ME-web-key", "{\"documentId\":\"" + sha256(LATE) + "\"}");
    assertThat(trusted.statusCode()).as(trusted.body()).isEqualTo(200);
    assertThat(trusted.body()).contains("\"cargos\"");
    HttpResponse<String> anonymousText = graphql(server, null, query(LATE));
    assertThat(anonymousText.statusCode()).as(anonymousText.body()).isEqualTo(200);
  }

  @Test
  void severalGateways_twoGatewaysShareTheRegistry() throws Exception {
    String redis = System.getenv("TOLLGATE_TEST_REDIS_URL");
    assumeTrue(redis != null && !redis.isBlank(), "TOLLGATE_TEST_REDIS_URL is not set");
    try (TestDatabase database = TestDatabase.postgres()) {
      ObjectNode config =
          (ObjectNode) JSON.readTree(EXAMPLES.resolve("several-gateways.json").toFile());
      ObjectNode store = (ObjectNode) config.get("store");
      store.put("jdbcUrl", database.config().jdbcUrl());
      store.remove(List.of("user", "password"));
      ((ObjectNode) config.get("gateway")).put("redisUrl", redis);
      ObjectNode schema = (ObjectNode) config.get("schema");
      schema.put("path", EXAMPLES.resolve(schema.get("path").asText()).normalize().toString());
      config.remove("upstream"); // the in-process demo service stands for the API
      Path file = Files.writeString(dir.resolve("several-gateways.json"), config.toString());

      RegistryServer first = start(file);
      RegistryServer second = start(file);
      assertThat(out.toString(StandardCharsets.UTF_8)).contains("store     PostgreSQL host ");

      HttpResponse<String> published =
          publish(first, "REPLACE-ME-publish-token", "cargo-web", "1", manifest(LATE));
      assertThat(published.statusCode()).as(published.body()).isEqualTo(201);
      second.catalog().refresh();
      HttpResponse<String> trusted =
          graphql(second, "REPLACE-ME-web-key", "{\"documentId\":\"" + sha256(LATE) + "\"}");
      assertThat(trusted.statusCode()).as(trusted.body()).isEqualTo(200);
    }
  }

  @Test
  void everyExample_hasItsPlaceholdersMarked() throws IOException {
    for (String name : List.of("single-node.json", "several-gateways.json")) {
      JsonNode config = JSON.readTree(EXAMPLES.resolve(name).toFile());

      assertThat(config.get("adminTokens").toString()).contains("REPLACE-ME-");
      config
          .get("keys")
          .fieldNames()
          .forEachRemaining(key -> assertThat(key).startsWith("REPLACE-ME-"));
    }
    String several = Files.readString(EXAMPLES.resolve("several-gateways.json"));
    assertThat(several)
        .contains("REPLACE-ME-db-host", "REPLACE-ME-db-password", "REPLACE-ME-redis-host")
        .contains("REPLACE-ME-api-host");
  }

  private RegistryServer start(Path config, String... more) {
    List<String> args = new ArrayList<>(List.of("--config", config.toString(), "--port", "0"));
    args.addAll(List.of(more));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    ServerCommand.Outcome outcome =
        ServerCommand.run(
            args.toArray(String[]::new),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(outcome.server()).as(err.toString(StandardCharsets.UTF_8)).isNotNull();
    started.add(outcome.server());
    return outcome.server();
  }

  private static String query(String text) throws IOException {
    return JSON.writeValueAsString(JSON.createObjectNode().put("query", text));
  }

  private static String manifest(String body) throws IOException {
    return JSON.writeValueAsString(JSON.createObjectNode().put(sha256(body), body));
  }

  private static String sha256(String text) {
    return dev.tollgate.registry.document.DocumentHash.of(text).hex();
  }

  private HttpResponse<String> graphql(RegistryServer server, String key, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://localhost:" + server.port() + "/graphql"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (key != null) {
      request.header("X-API-Key", key);
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> publish(
      RegistryServer server, String token, String app, String version, String manifest)
      throws IOException, InterruptedException {
    return client.send(
        HttpRequest.newBuilder(
                URI.create(
                    "http://localhost:"
                        + server.port()
                        + "/v1/apps/"
                        + app
                        + "/versions/"
                        + version))
            .header("Authorization", "Bearer " + token)
            .POST(HttpRequest.BodyPublishers.ofString(manifest))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
