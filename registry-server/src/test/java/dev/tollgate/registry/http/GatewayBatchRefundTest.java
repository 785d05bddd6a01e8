package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.admission.FakeClock;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.gateway.GatewaySettings;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.Mode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measured cost in a batch, on the embedded demo (its in-process upstream over 8 cargos) with a
 * fake clock: each entry's actual cost is measured, and under {@code budget.refund} each entry's
 * estimated − actual is given back, as for a single request (MeasuredCostTest).
 */
final class GatewayBatchRefundTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String REFUND_KEY = "open-refund-key";
  private static final String CARGOS_50 = "{ cargos(first: 50) { edges { node { trackingId } } } }";
  private static final String CARGOS_2 = "{ cargos(first: 2) { edges { node { trackingId } } } }";

  private final HttpClient client = HttpClient.newHttpClient();

  @TempDir Path dataDir;

  @Test
  void post_refundingPolicy_eachEntryMeasuredAndRefunded() throws Exception {
    try (RegistryServer server = RegistryServer.builder(config()).clock(new FakeClock()).start()) {

      HttpResponse<String> response = post(server, CARGOS_50, CARGOS_2);

      assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
      JsonNode body = JSON.readTree(response.body());
      assertThat(body).hasSize(2);
      // cargos(first: 50): estimated 1 + 50 x (edges 1 + node (1 + trackingId 1)) = 151; the 8
      // demo cargos cost 1 + 8 x 3 = 25: 126 back
      assertThat(body.get(0).at("/extensions/cost").toString())
          .isEqualTo("{\"estimated\":151,\"max\":1000,\"actual\":25}");
      // both charged first (10,000 - 151 - 7 = 9,842), then 126 back: 9,968
      assertThat(body.get(0).at("/extensions/rateLimit").toString())
          .isEqualTo("{\"cost\":151,\"remaining\":9968,\"resetIn\":1,\"refunded\":126}");
      // cargos(first: 2): estimated 1 + 2 x 3 = 7, and 2 cargos answered cost 7: nothing back
      assertThat(body.get(1).at("/extensions/cost").toString())
          .isEqualTo("{\"estimated\":7,\"max\":1000,\"actual\":7}");
      assertThat(body.get(1).at("/extensions/rateLimit/refunded").asLong()).isZero();
      assertThat(body.get(1).at("/data/cargos/edges").size()).isEqualTo(2);
      // 10,000 - 25 - 7
      assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("9968");
    }
  }

  private ServerConfig config() {
    ServerConfig demo = DemoConfig.create(0, dataDir);
    Map<String, KeyPolicy> keys = new HashMap<>(demo.keys());
    keys.put(
        REFUND_KEY,
        KeyPolicy.newPolicy(REFUND_KEY)
            .mode(Mode.OPEN)
            .apps(Set.of("*"))
            .budget(new Budget(10_000, 100).withRefund(true))
            .build());
    return demo.transform(
        config -> config.gateway(GatewaySettings.DEFAULTS.withBatching(true, 10)).keys(keys));
  }

  private HttpResponse<String> post(RegistryServer server, String... texts) throws Exception {
    List<Map<String, String>> batch = new ArrayList<>();
    for (String text : texts) {
      batch.add(Map.of("query", text));
    }
    return client.send(
        HttpRequest.newBuilder(URI.create("http://localhost:" + server.port() + "/graphql"))
            .header("X-API-Key", REFUND_KEY)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(batch)))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
