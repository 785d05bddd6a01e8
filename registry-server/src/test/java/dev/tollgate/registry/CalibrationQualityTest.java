package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import dev.tollgate.registry.schema.SchemaSettings;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26 item 5: the calibration report's quality figures on a crafted under-estimate. The demo
 * schema is served with {@code Query.cargos}' {@code assumedSize} cut from 10 to 5, while the demo
 * upstream still answers a page of 10 when no {@code first} is given: its 8 cargos come back, more
 * than the 5 the estimate assumed.
 */
final class CalibrationQualityTest {

  static final ObjectMapper JSON = new ObjectMapper();
  static final String ALL_CARGOS = "query AllCargos { cargos { edges { node { trackingId } } } }";
  static final String EIGHT = "{ cargos(first: 8) { edges { node { trackingId } } } }";

  private final HttpClient client = HttpClient.newHttpClient();

  @TempDir Path dataDir;

  @Test
  void calibration_listReturningMoreThanAssumedSize_countsAnUnderEstimate() throws Exception {
    try (RegistryServer server = start()) {
      String id = publish(server, ALL_CARGOS);
      // estimated 1 + 5 x (edges 1 + node (1 + trackingId 1)) = 16, actual 1 + 8 x 3 = 25
      JsonNode all = getById(server, id);
      assertThat(all.at("/extensions/cost/estimated").asLong()).isEqualTo(16);
      assertThat(all.at("/extensions/cost/actual").asLong()).isEqualTo(25);
      // open text asking for 8 and getting 8: estimated as asked
      post(server, EIGHT);

      JsonNode report = JSON.readTree(admin(server, "/v1/calibration").body());

      // overall, the one registered answer: 25 > 16 is an under-estimate; 16 / 25 = 0.64;
      // within 2x (16 x 2 >= 25)
      assertThat(report.get("underEstimates").asDouble()).isEqualTo(1.0);
      assertThat(report.get("ratio").toString()).isEqualTo("{\"p50\":0.64,\"p90\":0.64}");
      assertThat(report.get("within2x").asDouble()).isEqualTo(1.0);
      // Query.cargos: 8 returned for 5 assumed (under), 8 for 8 asked: 1 of 2; estimate / actual
      // {5/8 = 0.625, 1.0}: p50 = 1st = 0.625, p90 = 2nd = 1.0; both within 2x
      JsonNode cargos = field(report, "Query.cargos");
      assertThat(cargos.get("assumedSize").asInt()).isEqualTo(5);
      assertThat(cargos.get("underEstimates").asDouble()).isEqualTo(0.5);
      assertThat(cargos.get("ratio").toString()).isEqualTo("{\"p50\":0.625,\"p90\":1.0}");
      assertThat(cargos.get("within2x").asDouble()).isEqualTo(1.0);
      // observed p95 8 > assumedSize 5: the suggestion says so
      assertThat(cargos.get("suggestion").asText()).isEqualTo("@listSize(assumedSize: 8)");
    }
  }

  /* ---- helpers ---- */

  private RegistryServer start() throws Exception {
    String sdl;
    try (InputStream in =
        getClass().getResourceAsStream("/dev/tollgate/registry/demo/cargo.graphqls")) {
      sdl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String listSize = "@listSize(slicingArguments: [\"first\", \"last\"], assumedSize: 10)";
    int at = sdl.indexOf(listSize); // Query.cargos comes first
    assertThat(at).isPositive();
    String crafted =
        sdl.substring(0, at)
            + listSize.replace("assumedSize: 10", "assumedSize: 5")
            + sdl.substring(at + listSize.length());
    Path schema = Files.writeString(dataDir.resolve("crafted.graphqls"), crafted);
    ServerConfig config =
        DemoConfig.create(0, dataDir)
            .transform(
                c ->
                    c.schema(
                        new SchemaSettings(schema, CostPreset.BOOK, 10, FragmentSpreads.FIRST)));
    return RegistryServer.builder(config).start();
  }

  private String publish(RegistryServer server, String text) throws Exception {
    String id = DocumentHash.of(text).hex();
    HttpResponse<String> response =
        send(
            HttpRequest.newBuilder(uri(server, "/v1/apps/cargo-web/versions/2"))
                .header("Authorization", "Bearer " + DemoConfig.ADMIN_TOKEN)
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        JSON.writeValueAsString(Map.of(id, text)))));
    assertThat(response.statusCode()).isEqualTo(201);
    return id;
  }

  private JsonNode getById(RegistryServer server, String id) throws Exception {
    HttpResponse<String> response =
        send(
            HttpRequest.newBuilder(uri(server, "/graphql?documentId=" + id))
                .header("X-API-Key", DemoConfig.TRUSTED_KEY)
                .GET());
    assertThat(response.statusCode()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private void post(RegistryServer server, String text) throws Exception {
    HttpResponse<String> response =
        send(
            HttpRequest.newBuilder(uri(server, "/graphql"))
                .header("X-API-Key", DemoConfig.OPEN_KEY)
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        JSON.writeValueAsString(Map.of("query", text)))));
    assertThat(response.statusCode()).isEqualTo(200);
  }

  private HttpResponse<String> admin(RegistryServer server, String path) throws Exception {
    return send(
        HttpRequest.newBuilder(uri(server, path))
            .header("Authorization", "Bearer " + DemoConfig.ADMIN_TOKEN)
            .GET());
  }

  private static JsonNode field(JsonNode report, String coordinate) {
    for (JsonNode field : report.get("fields")) {
      if (field.get("coordinate").asText().equals(coordinate)) {
        return field;
      }
    }
    throw new AssertionError("no field " + coordinate);
  }

  private static URI uri(RegistryServer server, String path) {
    return URI.create("http://localhost:" + server.port() + path);
  }

  private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
