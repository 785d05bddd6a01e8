package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.admission.FakeClock;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.demo.DemoManifest;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.Mode;
import dev.tollgate.registry.store.StoreSettings;
import dev.tollgate.registry.store.TestDatabase;
import java.io.IOException;
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
 * Issue 14 end to end, on the embedded demo (cargo schema, in-process demo upstream over its 8
 * cargos, the demo manifest published as app cargo-web) with a fake clock: the actual cost of
 * answers, refunds, the calibration report after a known sequence, and usage across a restart and
 * across two gateways. Counters are flushed on demand: the report and version routes flush this
 * gateway's counters before reading, and closing a server flushes them.
 */
final class MeasuredCostTest {

  static final ObjectMapper JSON = new ObjectMapper();
  static final String TRACK_CARGO =
      "cecd6ffb8bbbccd57fdf53c4b72c8aa691c1b9c8aca6013850757ef6da830487";
  static final String CARGOS_50 = "{ cargos(first: 50) { edges { node { trackingId } } } }";
  static final String HISTORIES =
      "{ cargos(first: 3) { edges { node { handlingHistory(first: 10) { edges { node { id } } } } } } }";
  static final String REFUND_KEY = "refund-key";
  static final String OPEN_REFUND_KEY = "open-refund-key";
  static final String DEMO_VERSION = DemoManifest.version(DemoManifest.read());

  private final FakeClock clock = new FakeClock();
  private final HttpClient client = HttpClient.newHttpClient();

  @TempDir Path dataDir;

  /* ---- actual cost ---- */

  @Test
  void trackCargo_answers_reportActualCost() throws Exception {
    try (RegistryServer server = start(config(StoreSettings.h2In(dataDir)))) {
      // TrackCargo is estimated 23 (README tour); ABC123's full answer costs the same, GHI345's
      // null itinerary (the booking service fails) leaves out legs' 8: 15 (ActualCostTest)
      JsonNode full = trackCargo(server, DemoConfig.TRUSTED_KEY, "ABC123");
      assertThat(full.at("/extensions/cost").toString())
          .isEqualTo("{\"estimated\":23,\"max\":1000,\"actual\":23}");
      JsonNode partial = trackCargo(server, DemoConfig.TRUSTED_KEY, "GHI345");
      assertThat(partial.at("/extensions/cost/actual").asLong()).isEqualTo(15);
      assertThat(partial.at("/extensions/rateLimit/refunded").isMissingNode()).isTrue();
    }
  }

  @Test
  void cargos50_refundingPolicy_creditsEstimatedMinusActual() throws Exception {
    try (RegistryServer server = start(config(StoreSettings.h2In(dataDir)))) {
      // estimated 1 + 50 x 3 = 151, actual over the 8 demo cargos 1 + 8 x 3 = 25: 126 back;
      // the bucket of 10,000 (no refill: the clock stands) holds 10,000 - 151 + 126 = 9,975,
      // full again in 25 / 100 per s, rounded up: 1 s
      HttpResponse<String> first = post(server, OPEN_REFUND_KEY, CARGOS_50);
      JsonNode body = JSON.readTree(first.body());
      assertThat(body.at("/extensions/cost").toString())
          .isEqualTo("{\"estimated\":151,\"max\":1000,\"actual\":25}");
      assertThat(body.at("/extensions/rateLimit").toString())
          .isEqualTo("{\"cost\":151,\"remaining\":9975,\"resetIn\":1,\"refunded\":126}");
      assertThat(first.headers().firstValue("X-RateLimit-Remaining")).hasValue("9975");
      // a second one: 9,975 - 25 = 9,950
      JsonNode second = JSON.readTree(post(server, OPEN_REFUND_KEY, CARGOS_50).body());
      assertThat(second.at("/extensions/rateLimit/remaining").asLong()).isEqualTo(9_950);
      // a policy without refunds is charged the estimate: 5,000 - 151, full in 151 / 50 -> 4 s
      JsonNode plain = JSON.readTree(post(server, DemoConfig.OPEN_KEY, CARGOS_50).body());
      assertThat(plain.at("/extensions/rateLimit").toString())
          .isEqualTo("{\"cost\":151,\"remaining\":4849,\"resetIn\":4}");
    }
  }

  @Test
  void cachedAnswer_reusesItsActualCostAndRefundsAgain() throws Exception {
    try (RegistryServer server = start(config(StoreSettings.h2In(dataDir)))) {
      String id = publish(server, "2", CARGOS_50);
      HttpResponse<String> miss = get(server, REFUND_KEY, id, "{}");
      HttpResponse<String> hit = get(server, REFUND_KEY, id, "{}");
      assertThat(hit.headers().firstValue("Age")).isPresent();
      // each charged 151 and refunded 126: 10,000 - 25 - 25 = 9,950
      assertThat(JSON.readTree(miss.body()).at("/extensions/rateLimit/remaining").asLong())
          .isEqualTo(9_975);
      JsonNode cached = JSON.readTree(hit.body());
      assertThat(cached.at("/extensions/cost/actual").asLong()).isEqualTo(25);
      assertThat(cached.at("/extensions/rateLimit").toString())
          .isEqualTo("{\"cost\":151,\"remaining\":9950,\"resetIn\":1,\"refunded\":126}");
    }
  }

  @Test
  void metrics_costHistogramsByPolicyAndOperation() throws Exception {
    try (RegistryServer server = start(config(StoreSettings.h2In(dataDir)))) {
      trackCargo(server, DemoConfig.TRUSTED_KEY, "GHI345");
      post(server, DemoConfig.OPEN_KEY, CARGOS_50);
      String metrics = send(server, HttpRequest.newBuilder(uri(server, "/metrics")).GET()).body();
      // one TrackCargo: estimated 23, actual 15, delta 8; open text shares the label (open)
      assertThat(metrics)
          .contains("tollgate_cost_estimated_sum{operation=\"TrackCargo\",policy=\"web\"} 23.0")
          .contains("tollgate_cost_actual_sum{operation=\"TrackCargo\",policy=\"web\"} 15.0")
          .contains("tollgate_cost_delta_sum{operation=\"TrackCargo\",policy=\"web\"} 8.0")
          .contains("tollgate_cost_delta_sum{operation=\"(open)\",policy=\"partner\"} 126.0");
    }
  }

  /* ---- calibration ---- */

  @Test
  void calibration_knownSequence_figuresAndSuggestion() throws Exception {
    try (RegistryServer server = start(config(StoreSettings.h2In(dataDir)))) {
      post(server, DemoConfig.OPEN_KEY, CARGOS_50); // Query.cargos: 8 of 50
      post(server, DemoConfig.OPEN_KEY, CARGOS_50); // 8 of 50
      post(server, DemoConfig.OPEN_KEY, HISTORIES); // 3 of 3; handlingHistory 9, 4, 5 of 10
      trackCargo(server, DemoConfig.TRUSTED_KEY, "ABC123"); // estimated 23, actual 23
      trackCargo(server, DemoConfig.TRUSTED_KEY, "GHI345"); // estimated 23, actual 15

      JsonNode report = JSON.readTree(admin(server, "/v1/calibration").body());

      // Query.cargos observed {3, 8, 8}: nearest rank p50 = 2nd = 8, p95 = 3rd = 8, max 8;
      // requested {3, 50, 50}: p50 50. p95 8 is within assumedSize 10, but the requests ask for
      // 50 >= 4 x 8: suggest the observed p95
      assertThat(field(report, "Query.cargos").toString())
          .isEqualTo(
              "{\"coordinate\":\"Query.cargos\",\"assumedSize\":10,"
                  + "\"requested\":{\"p50\":50,\"p95\":50,\"max\":50},"
                  + "\"observed\":{\"count\":3,\"p50\":8,\"p95\":8,\"max\":8},"
                  + "\"suggestion\":\"@listSize(assumedSize: 8)\","
                  // estimated 50, 50, 3 against 8, 8, 3: none under; within 2x only 3 of 3;
                  // estimate / actual {6.25, 6.25, 1.0}: p50 = 2nd = 6.25, p90 = 3rd = 6.25
                  + "\"underEstimates\":0.0,\"ratio\":{\"p50\":6.25,\"p90\":6.25},"
                  + "\"within2x\":0.3333}");
      // handlingHistory {4, 5, 9}: p50 5, p95 9 <= 10, asked 10 < 4 x 9: no suggestion
      assertThat(field(report, "Cargo.handlingHistory").toString())
          .isEqualTo(
              "{\"coordinate\":\"Cargo.handlingHistory\",\"assumedSize\":10,"
                  + "\"requested\":{\"p50\":10,\"p95\":10,\"max\":10},"
                  + "\"observed\":{\"count\":3,\"p50\":5,\"p95\":9,\"max\":9},"
                  + "\"suggestion\":null,"
                  // 10 against 9, 4, 5: none under; within 2x 9 and 5 (10 <= 2 x 5), not 4: 2/3;
                  // estimate / actual in 1/1000 {1111, 2500, 2000}: p50 = 2nd = 2000, in the
                  // bucket 1984..2047 (above 1,023 buckets are ~6% wide: its upper bound);
                  // p90 = 3rd = 2500, the maximum
                  + "\"underEstimates\":0.0,\"ratio\":{\"p50\":2.047,\"p90\":2.5},"
                  + "\"within2x\":0.6667}");
      assertThat(field(report, "Query.nodes").toString())
          .isEqualTo(
              "{\"coordinate\":\"Query.nodes\",\"assumedSize\":null,\"requested\":null,"
                  + "\"observed\":{\"count\":0,\"p50\":null,\"p95\":null,\"max\":null},"
                  + "\"suggestion\":null,\"underEstimates\":null,\"ratio\":null,"
                  + "\"within2x\":null}");
      // only registered operations: TrackCargo, actual {15, 23}, ratio {15/23 = 0.652, 1.0}
      assertThat(report.get("operations")).hasSize(1);
      assertThat(report.at("/operations/0").toString())
          .isEqualTo(
              "{\"app\":\"cargo-web\",\"version\":\""
                  + DEMO_VERSION
                  + "\",\"id\":\""
                  + TRACK_CARGO
                  + "\",\"name\":\"TrackCargo\",\"count\":2,"
                  + "\"estimated\":{\"p50\":23,\"p95\":23,\"max\":23},"
                  + "\"actual\":{\"p50\":15,\"p95\":23,\"max\":23},"
                  + "\"ratio\":{\"p50\":0.652,\"p95\":1.0,\"max\":1.0}}");
      // overall, over TrackCargo's 2 answers: estimate / actual {23/23, 23/15} in 1/1000
      // {1000, 1533}: p50 1.0, p90 = 2nd = 1.533; no under-estimate; both within 2x
      assertThat(report.get("underEstimates").asDouble()).isEqualTo(0.0);
      assertThat(report.get("ratio").toString()).isEqualTo("{\"p50\":1.0,\"p90\":1.533}");
      assertThat(report.get("within2x").asDouble()).isEqualTo(1.0);

      HttpResponse<String> sdl = admin(server, "/v1/calibration?format=sdl");
      assertThat(sdl.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
      assertThat(sdl.body())
          .contains("type Query {")
          .contains(
              "  cargos(first: Int, after: String, last: Int, before: String): CargoConnection!"
                  + " @listSize(assumedSize: 8, slicingArguments: [\"first\", \"last\"])")
          .doesNotContain("handlingHistory(");
      assertThat(admin(server, "/v1/calibration?format=xml").statusCode()).isEqualTo(400);
    }
  }

  /* ---- usage ---- */

  @Test
  void usage_acrossARestart_addsUp() throws Exception {
    ServerConfig config = config(StoreSettings.h2In(dataDir));
    try (RegistryServer server = start(config)) {
      trackCargo(server, DemoConfig.TRUSTED_KEY, "ABC123");
      trackCargo(server, DemoConfig.TRUSTED_KEY, "DEF456");
    } // closing flushes
    clock.advance(Duration.ofHours(1));
    try (RegistryServer server = start(config)) {
      assertThat(usage(server, "TrackCargo").toString())
          .isEqualTo("{\"requests\":2,\"lastSeen\":\"2026-01-01T00:00:00Z\"}");
      trackCargo(server, DemoConfig.TRUSTED_KEY, "ABC123");
      assertThat(usage(server, "TrackCargo").toString())
          .isEqualTo("{\"requests\":3,\"lastSeen\":\"2026-01-01T01:00:00Z\"}");
      assertThat(usage(server, "CargoList").toString())
          .isEqualTo("{\"requests\":0,\"lastSeen\":null}");
    }
  }

  @Test
  void unused_afterDays_listsVersionsAndDocuments() throws Exception {
    try (RegistryServer server = start(config(StoreSettings.h2In(dataDir)))) {
      trackCargo(server, DemoConfig.TRUSTED_KEY, "ABC123");
      clock.advance(Duration.ofDays(2));
      // 2 days since TrackCargo, the demo version's only used operation: unused for 1 day
      JsonNode one = JSON.readTree(admin(server, "/v1/apps/cargo-web/unused?days=1").body());
      assertThat(one.get("versions").toString())
          .isEqualTo(
              "[{\"version\":\"" + DEMO_VERSION + "\",\"lastSeen\":\"2026-01-01T00:00:00Z\"}]");
      assertThat(one.get("documents")).hasSize(7); // all 7 operations of the demo manifest
      // within 3 days: the version is used, the 6 other operations never were
      JsonNode three = JSON.readTree(admin(server, "/v1/apps/cargo-web/unused?days=3").body());
      assertThat(three.get("versions")).isEmpty();
      assertThat(three.get("documents")).hasSize(6);
      assertThat(three.get("documents").toString()).doesNotContain("TrackCargo");
      assertThat(admin(server, "/v1/apps/nope/unused?days=3").statusCode()).isEqualTo(404);
      assertThat(admin(server, "/v1/apps/cargo-web/unused?days=-1").statusCode()).isEqualTo(400);
    }
  }

  @Test
  void usage_twoGatewaysOnPostgres_addUp() throws Exception {
    try (TestDatabase database = TestDatabase.postgres()) {
      ServerConfig config = config(database.config());
      try (RegistryServer a = start(config);
          RegistryServer b = start(config)) {
        trackCargo(a, DemoConfig.TRUSTED_KEY, "ABC123");
        trackCargo(a, DemoConfig.TRUSTED_KEY, "ABC123");
        trackCargo(b, DemoConfig.TRUSTED_KEY, "DEF456");
        admin(a, "/v1/calibration"); // flushes a's counters
        // b flushes its own before reading: 2 + 1
        assertThat(usage(b, "TrackCargo").get("requests").asLong()).isEqualTo(3);
        JsonNode report = JSON.readTree(admin(b, "/v1/calibration").body());
        // calibration counts every answer, a's second ABC123 from its response cache included
        // (issue 26): 2 + 1
        assertThat(report.at("/operations/0/count").asLong()).isEqualTo(3);
      }
    }
  }

  /* ---- helpers ---- */

  private ServerConfig config(StoreSettings store) {
    ServerConfig demo = DemoConfig.create(0, dataDir);
    Map<String, KeyPolicy> keys = new HashMap<>(demo.keys());
    keys.put(
        REFUND_KEY,
        KeyPolicy.newPolicy(REFUND_KEY)
            .apps(Set.of(DemoConfig.DEMO_APP))
            .budget(new Budget(10_000, 100).withRefund(true))
            .build());
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

  private JsonNode trackCargo(RegistryServer server, String key, String trackingId)
      throws Exception {
    HttpResponse<String> response =
        get(server, key, TRACK_CARGO, "{\"trackingId\":\"" + trackingId + "\"}");
    assertThat(response.statusCode()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private HttpResponse<String> get(RegistryServer server, String key, String id, String variables)
      throws Exception {
    String query =
        "/graphql?documentId="
            + id
            + "&variables="
            + URLEncoder.encode(variables, StandardCharsets.UTF_8);
    return send(server, HttpRequest.newBuilder(uri(server, query)).header("X-API-Key", key).GET());
  }

  private HttpResponse<String> post(RegistryServer server, String key, String text)
      throws Exception {
    String body = JSON.writeValueAsString(Map.of("query", text));
    HttpResponse<String> response =
        send(
            server,
            HttpRequest.newBuilder(uri(server, "/graphql"))
                .header("X-API-Key", key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    assertThat(response.statusCode()).isEqualTo(200);
    return response;
  }

  private String publish(RegistryServer server, String version, String text) throws Exception {
    String id = dev.tollgate.registry.document.DocumentHash.of(text).hex();
    HttpResponse<String> response =
        send(
            server,
            HttpRequest.newBuilder(uri(server, "/v1/apps/cargo-web/versions/" + version))
                .header("Authorization", "Bearer " + DemoConfig.ADMIN_TOKEN)
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        JSON.writeValueAsString(Map.of(id, text)))));
    assertThat(response.statusCode()).isEqualTo(201);
    return id;
  }

  private HttpResponse<String> admin(RegistryServer server, String path) throws Exception {
    return send(
        server,
        HttpRequest.newBuilder(uri(server, path))
            .header("Authorization", "Bearer " + DemoConfig.ADMIN_TOKEN)
            .GET());
  }

  /** {requests, lastSeen} of the demo version's operation {@code name}. */
  private JsonNode usage(RegistryServer server, String name) throws Exception {
    JsonNode version =
        JSON.readTree(admin(server, "/v1/apps/cargo-web/versions/" + DEMO_VERSION).body());
    for (JsonNode document : version.get("documents")) {
      for (JsonNode operation : document.get("operations")) {
        if (operation.get("name").asText().equals(name)) {
          return JSON.createObjectNode()
              .put("requests", operation.get("requests").asLong())
              .set("lastSeen", operation.get("lastSeen"));
        }
      }
    }
    throw new AssertionError("no operation " + name);
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

  private HttpResponse<String> send(RegistryServer server, HttpRequest.Builder request)
      throws IOException, InterruptedException {
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
