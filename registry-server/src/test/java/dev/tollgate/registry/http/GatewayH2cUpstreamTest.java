package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.upstream.H2cServer;
import dev.tollgate.registry.upstream.UpstreamSettings;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The gateway with {@code upstream.h2c} in front of a real h2c upstream ({@link H2cServer}). */
final class GatewayH2cUpstreamTest {

  private static final String CARGO =
      "query Cargo { cargo(trackingId: \"ABC123\") { id trackingId } }";

  /** trusted-key's budget capacity (GatewayHarness). */
  private static final long CAPACITY = 10_000;

  private H2cServer upstream;
  private GatewayHarness gateway;

  @AfterEach
  void stop() throws Exception {
    if (gateway != null) {
      gateway.close();
    }
    if (upstream != null) {
      upstream.close();
    }
  }

  @Test
  void post_registered_forwardedOverHttp2AndCharged() throws Exception {
    upstream =
        H2cServer.start(200, "{\"data\":{\"cargo\":{\"id\":\"1\",\"trackingId\":\"ABC123\"}}}", 0);
    gateway =
        GatewayHarness.startWith(
            UpstreamSettings.DEFAULTS.withUrl(upstream.uri().toString()).withH2c(true));
    DocumentHash cargo = gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);

    HttpResponse<String> first = gateway.post("trusted-key", Map.of("documentId", cargo.hex()));
    HttpResponse<String> second = gateway.post("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    JsonNode answer = body(second);
    assertThat(answer.at("/data/cargo/trackingId").asText()).isEqualTo("ABC123");
    // two requests at the fixed price of 3 each
    assertThat(answer.at("/extensions/rateLimit/remaining").asLong()).isEqualTo(CAPACITY - 6);
    assertThat(upstream.seen()).hasSize(2);
    assertThat(upstream.seen().get(0).protocol()).isEqualTo("HTTP/2.0");
    assertThat(new ObjectMapper().readTree(upstream.seen().get(0).body()).get("query").asText())
        .isEqualTo(CARGO);
    assertThat(upstream.connections()).isEqualTo(1); // both calls streams of one connection
  }
}
