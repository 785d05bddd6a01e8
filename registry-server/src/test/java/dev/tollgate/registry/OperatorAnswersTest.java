package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.admission.FakeClock;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.demo.DemoManifest;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.Mode;
import dev.tollgate.registry.store.StoreSettings;
import dev.tollgate.registry.store.TestDatabase;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26 items 1 and 2 end to end, on the embedded demo with a fake clock (2026-01-01T00:00Z):
 * usage counted for the version a request was admitted under, retirement refused while a version is
 * in use, the paged versions of an app, and {@code GET /v1/operations}. Figures come from the
 * README tour: TrackCargo is estimated 23 (and measures 23 for ABC123); {@code cargos(first: 50)}
 * over the 8 demo cargos is estimated 1 + 50 x 3 = 151 and measures 1 + 8 x 3 = 25.
 */
final class OperatorAnswersTest {

  static final ObjectMapper JSON = new ObjectMapper();
  static final String TRACK_CARGO = MeasuredCostTest.TRACK_CARGO;
  static final String CARGOS_50 = MeasuredCostTest.CARGOS_50;
  // 1 + 400 x 3 = 1,201 > the partner's max cost 1,000
  static final String CARGOS_400 = "{ cargos(first: 400) { edges { node { trackingId } } } }";
  static final String OPEN_REFUND_KEY = "open-refund-key";
  static final String DEMO_VERSION = DemoManifest.version(DemoManifest.read());

  private final FakeClock clock = new FakeClock();
  private final HttpClient client = HttpClient.newHttpClient();

  @TempDir Path dataDir;

  /* ---- usage per version ---- */

  @Test
  void sharedDocument_requestsCountForTheVersionAdmittedUnder() throws Exception {
    try (RegistryServer server = start(config(StoreSettings.h2In(dataDir)))) {
      trackCargo(server, "ABC123");
      trackCargo(server, "DEF456");
      clock.advance(Duration.ofMinutes(5));
      publishTrackCargo(server, "2"); // version 2 holds TrackCargo too, and is newer
      trackCargo(server, "ABC123");
      trackCargo(server, "GHI345");
      trackCargo(server, "ABC123");

      // the 2 sent before version 2 existed stay with the demo version; the 3 after go to 2
      assertThat(operationUsage(server, DEMO_VERSION, "TrackCargo"))
          .isEqualTo("{\"requests\":2,\"lastSeen\":\"2026-01-01T00:00:00Z\"}");
      assertThat(operationUsage(server, "2", "TrackCargo"))
          .isEqualTo("{\"requests\":3,\"lastSeen\":\"2026-01-01T00:05:00Z\"}");
      JsonNode document =
          JSON.readTree(admin(server, "GET", "/v1/documents/" + TRACK_CARGO).body());
      assertThat(document.get("servedBy")).hasSize(2);
      assertThat(document.get("servedBy").toString())
          .contains(
              "{\"app\":\"cargo-web\",\"version\":\"2\",\"operation\":\"TrackCargo\","
                  + "\"requests\":3,\"lastSeen\":\"2026-01-01T00:05:00Z\"}")
          .contains(
              "{\"app\":\"cargo-web\",\"version\":\""
                  + DEMO_VERSION
                  + "\",\"operation\":\"TrackCargo\",\"requests\":2,");
    }
  }

  @Test
  void retire_versionInUse_refusedWith409ThenForced() throws Exception {
    try (RegistryServer server = start(config(StoreSettings.h2In(dataDir)))) {
      publishTrackCargo(server, "2");
      trackCargo(server, "ABC123");
      trackCargo(server, "DEF456");
      String path = "/v1/apps/cargo-web/versions/2";

      HttpResponse<String> refused = admin(server, "DELETE", path);
      assertThat(refused.statusCode()).isEqualTo(409);
      JsonNode body = JSON.readTree(refused.body());
      assertThat(body.get("code").asText()).isEqualTo("VERSION_IN_USE");
      assertThat(body.get("message").asText())
          .isEqualTo(
              "app cargo-web version 2 served 2 requests within the last 7 days"
                  + " (registry.retireProtectionDays), the latest at 2026-01-01T00:00:00Z;"
                  + " retire it with ?force=true");
      assertThat(body.at("/extensions/requests").asLong()).isEqualTo(2);
      assertThat(body.at("/extensions/protectionDays").asInt()).isEqualTo(7);
      // still active: TrackCargo runs
      trackCargo(server, "ABC123");

      HttpResponse<String> forced = admin(server, "DELETE", path + "?force=true");
      assertThat(forced.statusCode()).isEqualTo(200);
      assertThat(JSON.readTree(forced.body()).get("status").asText()).isEqualTo("retired");
    }
  }

  @Test
  void retire_lastRequestOlderThanTheWindow_retires() throws Exception {
    try (RegistryServer server = start(config(StoreSettings.h2In(dataDir)))) {
      trackCargo(server, "ABC123");
      clock.advance(Duration.ofDays(7).plusSeconds(1)); // 7 days and 1 s since the request
      HttpResponse<String> retired =
          admin(server, "DELETE", "/v1/apps/cargo-web/versions/" + DEMO_VERSION);
      assertThat(retired.statusCode()).isEqualTo(200);
    }
  }

  @Test
  void versions_newestFirst_pagedWithTotalsAndUsage() throws Exception {
    try (RegistryServer server = start(config(StoreSettings.h2In(dataDir)))) {
      trackCargo(server, "ABC123");
      publishTrackCargo(server, "2");
      JsonNode first =
          JSON.readTree(admin(server, "GET", "/v1/apps/cargo-web/versions?limit=1").body());
      assertThat(first.get("total").asInt()).isEqualTo(2);
      assertThat(first.get("versions")).hasSize(1);
      // version 2: 1 operation (TrackCargo), no request yet
      assertThat(first.at("/versions/0/version").asText()).isEqualTo("2");
      assertThat(first.at("/versions/0/operations").asLong()).isEqualTo(1);
      assertThat(first.at("/versions/0/requests").asLong()).isEqualTo(0);
      JsonNode second =
          JSON.readTree(
              admin(server, "GET", "/v1/apps/cargo-web/versions?limit=1&offset=1").body());
      // the demo version: its 7 operations and the one TrackCargo
      assertThat(second.at("/versions/0/version").asText()).isEqualTo(DEMO_VERSION);
      assertThat(second.at("/versions/0/operations").asLong()).isEqualTo(7);
      assertThat(second.at("/versions/0/requests").asLong()).isEqualTo(1);
      HttpResponse<String> bad = admin(server, "GET", "/v1/apps/cargo-web/versions?limit=0");
      assertThat(bad.statusCode()).isEqualTo(400);
      assertThat(bad.body()).contains("INVALID_PARAMETER").contains("limit");
      assertThat(admin(server, "GET", "/v1/apps/nope/versions").statusCode()).isEqualTo(404);
    }
  }

  /* ---- operations ---- */

  @Test
  void operations_unitsChargedRefusalsAndCosts() throws Exception {
    try (RegistryServer server = start(config(StoreSettings.h2In(dataDir)))) {
      trackCargo(server, "ABC123");
      trackCargo(server, "ABC123"); // from the response cache: counted as well
      post(server, DemoConfig.OPEN_KEY, CARGOS_50); // charged 151
      post(server, OPEN_REFUND_KEY, CARGOS_50); // charged 151, refunded 151 - 25 = 126: 25
      post(server, DemoConfig.OPEN_KEY, CARGOS_400); // refused

      JsonNode all = JSON.readTree(admin(server, "GET", "/v1/operations?window=1h").body());
      // 23 + 23 + 151 + 25 = 222 units
      assertThat(all.get("unitsCharged").asLong()).isEqualTo(222);
      assertThat(all.get("operations")).hasSize(4);
      String cargos50 = DocumentHash.of(CARGOS_50).hex();
      // most units first: partner's 151 (151 / 222 = 0.6802)
      assertThat(all.at("/operations/0").toString())
          .isEqualTo(
              "{\"app\":null,\"version\":null,\"id\":\""
                  + cargos50
                  + "\",\"name\":null,\"policy\":\"partner\",\"requests\":1,"
                  + "\"unitsCharged\":151,\"share\":0.6802,\"refusals\":{},"
                  + "\"estimated\":{\"p50\":151,\"p95\":151},\"actual\":{\"p50\":25,\"p95\":25},"
                  + "\"ratio\":0.166,\"lastSeen\":\"2026-01-01T00:00:00Z\"}");
      // TrackCargo: 2 requests of 23, both measured 23 (46 / 222 = 0.2072)
      assertThat(all.at("/operations/1").toString())
          .isEqualTo(
              "{\"app\":\"cargo-web\",\"version\":\""
                  + DEMO_VERSION
                  + "\",\"id\":\""
                  + TRACK_CARGO
                  + "\",\"name\":\"TrackCargo\",\"policy\":\"web\",\"requests\":2,"
                  + "\"unitsCharged\":46,\"share\":0.2072,\"refusals\":{},"
                  + "\"estimated\":{\"p50\":23,\"p95\":23},\"actual\":{\"p50\":23,\"p95\":23},"
                  + "\"ratio\":1.0,\"lastSeen\":\"2026-01-01T00:00:00Z\"}");
      assertThat(all.at("/operations/2/unitsCharged").asLong()).isEqualTo(25);
      assertThat(all.at("/operations/2/policy").asText()).isEqualTo(OPEN_REFUND_KEY);
      JsonNode refused = all.at("/operations/3");
      assertThat(refused.get("id").asText()).isEqualTo(DocumentHash.of(CARGOS_400).hex());
      assertThat(refused.get("requests").asLong()).isEqualTo(0);
      assertThat(refused.get("refusals").toString())
          .isEqualTo("{\"COST_ESTIMATED_TOO_EXPENSIVE\":1}");

      JsonNode web = JSON.readTree(admin(server, "GET", "/v1/operations?policy=web").body());
      assertThat(web.get("window").asText()).isEqualTo("1d");
      assertThat(web.get("operations")).hasSize(1);
      JsonNode app =
          JSON.readTree(admin(server, "GET", "/v1/operations?app=cargo-web&window=7d").body());
      assertThat(app.at("/operations/0/name").asText()).isEqualTo("TrackCargo");
      HttpResponse<String> bad = admin(server, "GET", "/v1/operations?window=2h");
      assertThat(bad.statusCode()).isEqualTo(400);
      assertThat(bad.body()).contains("window must be 1h, 1d, 7d or 30d");
    }
  }

  @Test
  void operations_acrossARestartAndWindows_kept() throws Exception {
    ServerConfig config = config(StoreSettings.h2In(dataDir));
    try (RegistryServer server = start(config)) {
      trackCargo(server, "ABC123");
    } // closing flushes
    clock.advance(Duration.ofHours(2));
    try (RegistryServer server = start(config)) {
      trackCargo(server, "DEF456");
      // the last hour reaches back to 01:00: only the request at 02:00
      JsonNode hour = JSON.readTree(admin(server, "GET", "/v1/operations?window=1h").body());
      assertThat(hour.at("/operations/0/requests").asLong()).isEqualTo(1);
      JsonNode day = JSON.readTree(admin(server, "GET", "/v1/operations?window=1d").body());
      assertThat(day.at("/operations/0/requests").asLong()).isEqualTo(2);
      assertThat(day.at("/operations/0/unitsCharged").asLong()).isEqualTo(46);
      assertThat(day.at("/operations/0/lastSeen").asText()).isEqualTo("2026-01-01T02:00:00Z");
    }
  }

  @Test
  void operations_twoGatewaysOnPostgres_addUp() throws Exception {
    try (TestDatabase database = TestDatabase.postgres()) {
      ServerConfig config = config(database.config());
      try (RegistryServer a = start(config);
          RegistryServer b = start(config)) {
        trackCargo(a, "ABC123");
        trackCargo(b, "DEF456");
        admin(a, "GET", "/v1/calibration"); // flushes a's counters
        JsonNode all = JSON.readTree(admin(b, "GET", "/v1/operations").body());
        // 1 + 1 requests of 23
        assertThat(all.at("/operations/0/requests").asLong()).isEqualTo(2);
        assertThat(all.at("/operations/0/unitsCharged").asLong()).isEqualTo(46);
      }
    }
  }

  @Test
  void calibration_cacheHits_counted() throws Exception {
    try (RegistryServer server = start(config(StoreSettings.h2In(dataDir)))) {
      trackCargo(server, "ABC123");
      trackCargo(server, "ABC123"); // answered from the response cache
      trackCargo(server, "ABC123"); // and again
      JsonNode report = JSON.readTree(admin(server, "GET", "/v1/calibration").body());
      // 3 requests, each estimated 23 and measured 23
      assertThat(report.at("/operations/0/count").asLong()).isEqualTo(3);
      assertThat(report.at("/operations/0/ratio/p50").asDouble()).isEqualTo(1.0);
    }
  }

  /* ---- helpers ---- */

  private ServerConfig config(StoreSettings store) {
    ServerConfig demo = DemoConfig.create(0, dataDir);
    Map<String, KeyPolicy> keys = new HashMap<>(demo.keys());
    keys.put(
        OPEN_REFUND_KEY,
        KeyPolicy.newPolicy(OPEN_REFUND_KEY)
            .mode(Mode.OPEN)
            .apps(Set.of("*"))
            .budget(new Budget(10_000, 100).withRefund(true))
            .build());
    return demo.transform(config -> config.store(store).keys(keys));
  }

  private RegistryServer start(ServerConfig config) {
    return RegistryServer.builder(config).clock(clock).start();
  }

  private void trackCargo(RegistryServer server, String trackingId) throws Exception {
    String query =
        "/graphql?documentId="
            + TRACK_CARGO
            + "&variables="
            + URLEncoder.encode("{\"trackingId\":\"" + trackingId + "\"}", StandardCharsets.UTF_8);
    HttpResponse<String> response =
        send(
            HttpRequest.newBuilder(uri(server, query))
                .header("X-API-Key", DemoConfig.TRUSTED_KEY)
                .GET());
    assertThat(response.statusCode()).isEqualTo(200);
  }

  private void post(RegistryServer server, String key, String text) throws Exception {
    String body = JSON.writeValueAsString(Map.of("query", text));
    send(
        HttpRequest.newBuilder(uri(server, "/graphql"))
            .header("X-API-Key", key)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  /** Publishes TrackCargo's document alone as cargo-web {@code version}. */
  private void publishTrackCargo(RegistryServer server, String version) throws Exception {
    String text =
        JSON.readTree(admin(server, "GET", "/v1/documents/" + TRACK_CARGO).body())
            .get("body")
            .asText();
    HttpResponse<String> response =
        send(
            HttpRequest.newBuilder(uri(server, "/v1/apps/cargo-web/versions/" + version))
                .header("Authorization", "Bearer " + DemoConfig.ADMIN_TOKEN)
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        JSON.writeValueAsString(Map.of(TRACK_CARGO, text)))));
    assertThat(response.statusCode()).isEqualTo(201);
  }

  private HttpResponse<String> admin(RegistryServer server, String method, String path)
      throws Exception {
    return send(
        HttpRequest.newBuilder(uri(server, path))
            .header("Authorization", "Bearer " + DemoConfig.ADMIN_TOKEN)
            .method(method, HttpRequest.BodyPublishers.noBody()));
  }

  /** {requests, lastSeen} of operation {@code name} of cargo-web {@code version}. */
  private String operationUsage(RegistryServer server, String version, String name)
      throws Exception {
    JsonNode contents =
        JSON.readTree(admin(server, "GET", "/v1/apps/cargo-web/versions/" + version).body());
    for (JsonNode document : contents.get("documents")) {
      for (JsonNode operation : document.get("operations")) {
        if (operation.get("name").asText().equals(name)) {
          return JSON.createObjectNode()
              .put("requests", operation.get("requests").asLong())
              .set("lastSeen", operation.get("lastSeen"))
              .toString();
        }
      }
    }
    throw new AssertionError("no operation " + name);
  }

  private static URI uri(RegistryServer server, String path) {
    return URI.create("http://localhost:" + server.port() + path);
  }

  private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
