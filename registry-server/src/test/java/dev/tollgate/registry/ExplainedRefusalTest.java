package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.Explain;
import dev.tollgate.registry.policy.KeyPolicy.Mode;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26 item 4 on the embedded demo: a {@code COST_ESTIMATED_TOO_EXPENSIVE} or {@code
 * RATE_LIMITED} refusal explains its price in {@code errors[0].extensions.cost} from the compiled
 * price, as the policy's {@code explain} says.
 */
final class ExplainedRefusalTest {

  static final ObjectMapper JSON = new ObjectMapper();
  // cargos: 1 + $n x (edges 1 + node (1 + trackingId 1)) = 1 + 5000 x 3 = 15,001
  // cargo: 1 + trackingId 1 + origin (1 + code 1) = 4
  // h: cargo 1 + handlingHistory (1 + 10 x (edges 1 + node (1 + id 1))) = 1 + 31 = 32
  // total 15,001 + 32 + 4 = 15,037 > the partner's 1,000
  static final String BIG =
      "query Big($n: Int) { cargos(first: $n) { edges { node { trackingId } } }"
          + " cargo(trackingId: \"ABC123\") { trackingId origin { code } }"
          + " h: cargo(trackingId: \"DEF456\") { handlingHistory { edges { node { id } } } } }";
  static final String SMALL_BUDGET_KEY = "small-budget-key";
  static final String SILENT_KEY = "silent-key";

  private final HttpClient client = HttpClient.newHttpClient();

  @TempDir Path dataDir;

  @Test
  void costRefusal_openMode_fullExplanationWhoseTermsAddUp() throws Exception {
    try (RegistryServer server = start()) {
      JsonNode cost = refusal(post(server, DemoConfig.OPEN_KEY, BIG, "{\"n\":5000}"));

      assertThat(cost.get("estimated").asLong()).isEqualTo(15_037);
      assertThat(cost.get("max").asLong()).isEqualTo(1000);
      assertThat(cost.get("variables").toString()).isEqualTo("{\"n\":5000}");
      assertThat(cost.get("formula").asText()).contains("$n");
      JsonNode terms = cost.get("terms");
      assertThat(terms).hasSize(3);
      assertThat(terms.get(0).get("coordinate").asText()).isEqualTo("Query.cargos");
      assertThat(terms.get(0).get("cost").asLong()).isEqualTo(15_001);
      assertThat(terms.get(0).get("text").asText())
          .startsWith("Query.cargos: ")
          .contains(" with $n=5000")
          .endsWith(" = 15001");
      // h is the costlier of the two cargo fields
      assertThat(terms.get(1).toString())
          .isEqualTo("{\"coordinate\":\"Query.cargo\",\"text\":\"Query.cargo: 32\",\"cost\":32}");
      assertThat(terms.get(2).get("cost").asLong()).isEqualTo(4);
      // the three terms are all of them here: 15,001 + 32 + 4 = 15,037
      long sum = 0;
      for (JsonNode term : terms) {
        sum += term.get("cost").asLong();
      }
      assertThat(sum).isEqualTo(cost.get("estimated").asLong());
    }
  }

  @Test
  void rateLimited_trustedMode_summaryExplanation() throws Exception {
    try (RegistryServer server = start()) {
      // TrackCargo costs 23 (README tour), more than the bucket's 10
      String query =
          "/graphql?documentId="
              + MeasuredCostTest.TRACK_CARGO
              + "&variables="
              + URLEncoder.encode("{\"trackingId\":\"ABC123\"}", StandardCharsets.UTF_8);
      HttpResponse<String> response =
          send(
              HttpRequest.newBuilder(uri(server, query))
                  .header("X-API-Key", SMALL_BUDGET_KEY)
                  .GET());
      JsonNode error = JSON.readTree(response.body()).at("/errors/0/extensions");
      assertThat(error.get("code").asText()).isEqualTo("RATE_LIMITED");
      JsonNode cost = error.get("cost");
      // summary: no formula nor variables, the one root field's cost as its text
      assertThat(cost.toString())
          .isEqualTo(
              "{\"estimated\":23,\"terms\":[{\"coordinate\":\"Query.cargo\","
                  + "\"text\":\"Query.cargo: 23\",\"cost\":23}]}");
    }
  }

  @Test
  void costRefusal_explainOff_onlyTheEstimate() throws Exception {
    try (RegistryServer server = start()) {
      JsonNode cost = refusal(post(server, SILENT_KEY, BIG, "{\"n\":5000}"));

      assertThat(cost.toString()).isEqualTo("{\"estimated\":15037,\"max\":1000}");
    }
  }

  /* ---- helpers ---- */

  private RegistryServer start() {
    ServerConfig demo = DemoConfig.create(0, dataDir);
    Map<String, KeyPolicy> keys = new HashMap<>(demo.keys());
    keys.put(
        SMALL_BUDGET_KEY,
        KeyPolicy.newPolicy(SMALL_BUDGET_KEY)
            .apps(Set.of(DemoConfig.DEMO_APP))
            .budget(new Budget(10, 0))
            .build());
    keys.put(
        SILENT_KEY,
        KeyPolicy.newPolicy(SILENT_KEY)
            .mode(Mode.OPEN)
            .apps(Set.of("*"))
            .explain(Explain.OFF)
            .build());
    return RegistryServer.builder(demo.transform(config -> config.keys(keys))).start();
  }

  private static JsonNode refusal(HttpResponse<String> response) throws Exception {
    JsonNode error = JSON.readTree(response.body()).at("/errors/0/extensions");
    assertThat(error.get("code").asText()).isEqualTo("COST_ESTIMATED_TOO_EXPENSIVE");
    return error.get("cost");
  }

  private HttpResponse<String> post(RegistryServer server, String key, String text, String vars)
      throws Exception {
    String body = "{\"query\":" + JSON.writeValueAsString(text) + ",\"variables\":" + vars + "}";
    return send(
        HttpRequest.newBuilder(uri(server, "/graphql"))
            .header("X-API-Key", key)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  private static URI uri(RegistryServer server, String path) {
    return URI.create("http://localhost:" + server.port() + path);
  }

  private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
