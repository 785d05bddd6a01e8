package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.demo.DemoSettings;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.gateway.CatalogSettings;
import dev.tollgate.registry.gateway.GatewaySettings;
import dev.tollgate.registry.store.TestDatabase;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Two gateways sharing one PostgreSQL: a schema activated through one is priced with by the other
 * within its refresh interval (200 ms here), as MultiGatewayTest shows for publications. Skipped
 * without {@code TOLLGATE_TEST_POSTGRES_URL}.
 */
@Isolated // bounds a wall-clock delay, so nothing else runs beside it
final class SchemaMultiGatewayTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int REFRESH_MILLIS = 200;
  // about 200 ms expected; 1.5 s of slack for a loaded, shared 2-core machine
  private static final Duration PROPAGATION_BOUND = Duration.ofMillis(1_500);

  /** cargos(first: $n), $n absent: 1 + assumedSize × (edges 1 + node 1 + trackingId 1). */
  private static final String CARGOS =
      "query Cargos($n: Int) { cargos(first: $n) { edges { node { trackingId } } } }";

  private final HttpClient client = HttpClient.newHttpClient();

  @Test
  void activate_onGatewayA_gatewayBChargesTheNewPriceWithinTheBound() throws Exception {
    try (TestDatabase database = TestDatabase.postgres();
        RegistryServer a = RegistryServer.start(config(database));
        RegistryServer b = RegistryServer.start(config(database))) {
      send(a, "/v1/apps/cargo-web/versions/1", Map.of(DocumentHash.of(CARGOS).hex(), CARGOS));
      awaitRegistered(b); // B learns of A's publication at its next poll
      assertThat(cost(b)).isEqualTo(31); // 1 + 10 × 3
      String sdl =
          cargoSchema().replace("assumedSize: 10)\n  cargo(", "assumedSize: 40)\n  cargo(");
      JsonNode published = send(a, "/v1/schemas", Map.of("sdl", sdl));
      String fingerprint = published.get("fingerprint").asText();

      long start = System.nanoTime();
      send(a, "/v1/schemas/" + fingerprint + "/activate", Map.of());
      long onB = cost(b);
      while (onB != 121
          && Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofSeconds(3)) < 0) {
        Thread.sleep(50);
        onB = cost(b);
      }
      Duration delay = Duration.ofNanos(System.nanoTime() - start);

      assertThat(onB).isEqualTo(121); // 1 + 40 × 3
      assertThat(delay).isLessThan(PROPAGATION_BOUND);
      assertThat(cost(a)).isEqualTo(121);
    }
  }

  private static ServerConfig config(TestDatabase database) {
    ServerConfig demo = DemoConfig.create(0, Path.of("unused"));
    return demo.transform(
        config ->
            config
                .store(database.config())
                .gateway(GatewaySettings.DEFAULTS.withOpenCacheBytes(10_000))
                .catalog(new CatalogSettings(REFRESH_MILLIS))
                .demo(DemoSettings.DEFAULTS));
  }

  private void awaitRegistered(RegistryServer server) throws Exception {
    long start = System.nanoTime();
    while (run(server).statusCode() != 200
        && Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofSeconds(5)) < 0) {
      Thread.sleep(50);
    }
  }

  private long cost(RegistryServer server) throws Exception {
    HttpResponse<String> response = run(server);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body()).at("/extensions/cost/estimated").asLong();
  }

  private HttpResponse<String> run(RegistryServer server) throws Exception {
    return client.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/graphql"))
            .header("X-API-Key", DemoConfig.TRUSTED_KEY)
            // a refusal keeps its 404 here, so awaitRegistered sees the miss (application/json:
            // 200)
            .header("Accept", "application/graphql-response+json")
            .header("Content-Type", "application/json")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    JSON.writeValueAsString(Map.of("documentId", DocumentHash.of(CARGOS).hex()))))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode send(RegistryServer server, String path, Map<String, String> body)
      throws Exception {
    HttpResponse<String> response =
        client.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .header("Authorization", "Bearer " + DemoConfig.ADMIN_TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isBetween(200, 201);
    return JSON.readTree(response.body());
  }

  private static String cargoSchema() throws Exception {
    try (InputStream in =
        Objects.requireNonNull(
            SchemaMultiGatewayTest.class.getResourceAsStream(
                "/dev/tollgate/registry/demo/cargo.graphqls"))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
