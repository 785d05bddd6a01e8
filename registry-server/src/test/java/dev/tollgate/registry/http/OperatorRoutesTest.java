package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.http.AdminToken.Scope;
import dev.tollgate.registry.limit.Limit;
import dev.tollgate.registry.policy.Limits;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The routes the console reads besides the registry: who the token is, the policies with their live
 * balance, a policy's recent traffic, refusals over time, and documents' readable prices. The
 * embedded demo at a fixed time, so that buckets do not refill between a charge and its reading.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class OperatorRoutesTest {

  static final Instant AT = Instant.parse("2026-12-01T12:00:00Z");
  static final String PUBLISH_TOKEN = "publish-demo";
  private static final String TRACK_CARGO =
      "cecd6ffb8bbbccd57fdf53c4b72c8aa691c1b9c8aca6013850757ef6da830487";

  private final HttpClient http = HttpClient.newHttpClient();
  private final ObjectMapper json = new ObjectMapper();
  private RegistryServer server;

  /** The embedded demo with a publish token besides its admin token. */
  static ServerConfig demoWithPublishToken(Path dataDir) {
    ServerConfig demo = DemoConfig.create(0, dataDir);
    List<AdminToken> tokens = new ArrayList<>(demo.adminTokens());
    tokens.add(new AdminToken("ci-publisher", PUBLISH_TOKEN, Scope.PUBLISH));
    return demo.transform(config -> config.adminTokens(tokens));
  }

  @BeforeAll
  void start(@TempDir Path temp) throws Exception {
    server =
        RegistryServer.builder(demoWithPublishToken(temp.resolve("data")))
            .clock(InstantSource.fixed(AT))
            .start();
    // TrackCargo costs 23 (docs/cost-model.md); an all-zero id is not registered
    assertThat(gateway(TRACK_CARGO, "{\"trackingId\":\"ABC123\"}").statusCode()).isEqualTo(200);
    assertThat(gateway("0".repeat(64), "{}").statusCode()).isEqualTo(404);
  }

  @AfterAll
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private HttpResponse<String> gateway(String id, String variables) throws Exception {
    String url =
        "http://127.0.0.1:"
            + server.port()
            + "/graphql?documentId="
            + id
            + "&variables="
            + java.net.URLEncoder.encode(variables, java.nio.charset.StandardCharsets.UTF_8);
    return http.send(
        HttpRequest.newBuilder(URI.create(url))
            .header("X-API-Key", DemoConfig.TRUSTED_KEY)
            .header("Accept", "application/graphql-response+json")
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String path, @Nullable String token) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode read(String path, String token) throws Exception {
    HttpResponse<String> response = get(path, token);
    assertThat(response.statusCode()).as(path).isEqualTo(200);
    return json.readTree(response.body());
  }

  @Test
  void session_eachToken_itsNameAndScope() throws Exception {
    JsonNode admin = read("/v1/session", DemoConfig.ADMIN_TOKEN);
    assertThat(admin.path("name").asText()).isEqualTo("admin-demo");
    assertThat(admin.path("scope").asText()).isEqualTo("admin");
    JsonNode publisher = read("/v1/session", PUBLISH_TOKEN);
    assertThat(publisher.path("name").asText()).isEqualTo("ci-publisher");
    assertThat(publisher.path("scope").asText()).isEqualTo("publish");
  }

  @Test
  void operatorRoutes_noTokenOrUnknownToken_401And403() throws Exception {
    for (String path :
        List.of(
            "/v1/session",
            "/v1/policies",
            "/v1/traffic?policy=" + DemoConfig.TRUSTED_POLICY,
            "/v1/refusals")) {
      assertThat(get(path, null).statusCode()).as(path).isEqualTo(401);
      HttpResponse<String> forbidden = get(path, "not-a-token");
      assertThat(forbidden.statusCode()).as(path).isEqualTo(403);
      assertThat(forbidden.body()).contains("\"code\":\"FORBIDDEN\"");
    }
  }

  @Test
  void policies_byNameWithLimitsBudgetAndLiveBalance_noKeyMaterial() throws Exception {
    JsonNode policies = read("/v1/policies", PUBLISH_TOKEN).path("policies");

    List<String> names = new ArrayList<>();
    policies.forEach(p -> names.add(p.path("name").asText()));
    assertThat(names)
        .containsExactly("anonymous", DemoConfig.OPEN_POLICY, DemoConfig.TRUSTED_POLICY);
    JsonNode web = policies.get(2);
    Set<String> fields = new java.util.TreeSet<>();
    web.fieldNames().forEachRemaining(fields::add);
    assertThat(fields)
        .containsExactlyInAnyOrder(
            "name",
            "mode",
            "apps",
            "requireId",
            "enforcement",
            "introspection",
            "cacheMaxAgeSeconds",
            "limits",
            "budget",
            "remaining",
            "resetIn");
    assertThat(web.path("mode").asText()).isEqualTo("trusted");
    assertThat(web.path("limits").path("cost").asLong()).isEqualTo(1000);
    for (Limit limit : Limit.all()) {
      assertThat(web.path("limits").path(limit.key()).asLong())
          .as(limit.key())
          .isEqualTo(Limits.BOOK.get(limit));
    }
    assertThat(web.path("budget").path("capacity").asLong()).isEqualTo(10_000);
    // one TrackCargo charged (23) at a fixed time, so no refill: 10,000 - 23
    assertThat(web.path("remaining").asLong()).isEqualTo(9_977);
    // a bucket never charged is full
    assertThat(policies.get(1).path("remaining").asLong()).isEqualTo(5_000);
  }

  @Test
  void traffic_webKey_itsRequestsWithCostOutcomeAndTheLimit() throws Exception {
    JsonNode traffic =
        read("/v1/traffic?policy=" + DemoConfig.TRUSTED_POLICY, DemoConfig.ADMIN_TOKEN);

    assertThat(traffic.path("policy").asText()).isEqualTo(DemoConfig.TRUSTED_POLICY);
    assertThat(traffic.path("limit").asLong()).isEqualTo(1000);
    JsonNode requests = traffic.path("requests");
    assertThat(requests).hasSize(2);
    assertThat(requests.get(0).path("cost").asLong()).isEqualTo(23);
    assertThat(requests.get(0).path("outcome").asText()).isEqualTo("ok");
    assertThat(requests.get(0).path("time").asText()).isEqualTo(AT.toString());
    assertThat(requests.get(1).path("cost").isNull()).isTrue();
    assertThat(requests.get(1).path("outcome").asText()).isEqualTo("PERSISTED_QUERY_NOT_IN_LIST");
    assertThat(
            read("/v1/traffic?policy=" + DemoConfig.OPEN_POLICY, DemoConfig.ADMIN_TOKEN)
                .path("requests"))
        .isEmpty();
  }

  @Test
  void traffic_noOrUnknownPolicy_400And404NamingIt() throws Exception {
    HttpResponse<String> missing = get("/v1/traffic", DemoConfig.ADMIN_TOKEN);
    assertThat(missing.statusCode()).isEqualTo(400);
    assertThat(missing.body()).contains("INVALID_PARAMETER").contains("policy is required");

    HttpResponse<String> unknown = get("/v1/traffic?policy=nobody", DemoConfig.ADMIN_TOKEN);
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(unknown.body()).contains("POLICY_NOT_FOUND").contains("no policy named nobody");
  }

  @Test
  void refusals_sinceStart_countsTheUnknownId() throws Exception {
    JsonNode refusals = read("/v1/refusals", DemoConfig.ADMIN_TOKEN);

    assertThat(refusals.path("intervalSeconds").asLong()).isEqualTo(10);
    long unknown = 0;
    long ok = 0;
    for (JsonNode interval : refusals.path("intervals")) {
      unknown += interval.path("refusals").path("PERSISTED_QUERY_NOT_IN_LIST").asLong();
      ok += interval.path("ok").asLong();
    }
    assertThat(unknown).isEqualTo(1);
    assertThat(ok).isEqualTo(1);
  }

  @Test
  void document_cargoList_priceAsReadableArithmetic() throws Exception {
    JsonNode version = read("/v1/apps", DemoConfig.ADMIN_TOKEN).path("apps").get(0);
    String name = version.path("versions").get(0).path("version").asText();
    JsonNode contents = read("/v1/apps/cargo-web/versions/" + name, DemoConfig.ADMIN_TOKEN);
    String id = null;
    for (JsonNode document : contents.path("documents")) {
      if (document.path("operations").get(0).path("name").asText().equals("CargoList")) {
        id = document.path("id").asText();
      }
    }

    JsonNode operation =
        read("/v1/documents/" + id, DemoConfig.ADMIN_TOKEN).path("operations").get(0);
    // stored as (min 429496 (+ (* (first 10 (var $first . none)) 18) 1)); 181 at $first = 10
    assertThat(operation.path("priceText").asText())
        .isEqualTo("min(429496, ($first ?? 10) × 18 + 1)");
    assertThat(operation.path("cost").asLong()).isEqualTo(181);
  }
}
