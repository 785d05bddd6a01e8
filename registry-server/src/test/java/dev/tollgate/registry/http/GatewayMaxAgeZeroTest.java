package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * A registered GET whose max-age comes out 0 (here the upstream's {@code max-age=0}, as a policy's
 * {@code cacheMaxAgeSeconds: 0} does): answered {@code max-age=0}, with no ETag to hash and nothing
 * stored (issue 28 item 4).
 */
final class GatewayMaxAgeZeroTest {

  private static final String CARGO =
      "query Cargo { cargo(trackingId: \"ABC123\") { id trackingId } }";

  @AutoClose private final GatewayHarness gateway = GatewayHarness.start();
  private final DocumentHash cargo =
      gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);

  @Test
  void get_maxAgeZero_noEtagAndNotRevalidated() {
    gateway.upstream.headers(Map.of("Cache-Control", List.of("max-age=0")));

    HttpResponse<String> first = gateway.get("trusted-key", Map.of("documentId", cargo.hex()));
    HttpResponse<String> second =
        gateway.get(
            "trusted-key", Map.of("documentId", cargo.hex()), "If-None-Match", "\"anything\"");

    assertThat(first.statusCode()).isEqualTo(200);
    assertThat(first.headers().firstValue("Cache-Control")).hasValue("private, max-age=0");
    assertThat(first.headers().firstValue("ETag")).isEmpty();
    assertThat(body(first).at("/extensions/cost/estimated").asLong()).isEqualTo(3);
    // 10,000 units, less 3 for each request
    assertThat(second.headers().firstValue("X-RateLimit-Remaining")).hasValue("9994");
    assertThat(second.statusCode()).isEqualTo(200);
    assertThat(second.headers().firstValue("Age")).isEmpty();
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }
}
