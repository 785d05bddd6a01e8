package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * The gateway's response cache, over real HTTP: what is served from it, what is charged, what is
 * never cached.
 */
final class GatewayResponseCacheTest {

  private static final String CARGO =
      "query Cargo($id: ID, $a: Int, $b: CargoFilter) { cargo(trackingId: \"ABC123\") { id trackingId } }";
  private static final String HITS = "tollgate_response_cache_hits_total";
  private static final String MISSES = "tollgate_response_cache_misses_total";

  @AutoClose private final GatewayHarness gateway = GatewayHarness.start();
  private final DocumentHash cargo =
      gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);

  /* ---- hits ---- */

  @Test
  void get_sameRegisteredQueryTwice_secondFromCacheWithoutUpstreamCall() {
    HttpResponse<String> first = gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    HttpResponse<String> second = gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(second.statusCode()).isEqualTo(200);
    assertThat(gateway.upstreamCalls()).isEqualTo(1);
    assertThat(gateway.upstream.requests()).hasSize(1);
    assertThat(withoutRateLimit(body(second))).isEqualTo(withoutRateLimit(body(first)));
    assertThat(second.headers().firstValue("ETag")).isEqualTo(first.headers().firstValue("ETag"));
    assertThat(second.headers().firstValue("Cache-Control")).hasValue("private, max-age=60");
    assertThat(second.headers().firstValue("Vary")).hasValue(GatewayHarness.VARY);
    assertThat(second.headers().firstValue("Content-Type"))
        .hasValueSatisfying(
            type -> assertThat(type).startsWith("application/graphql-response+json"));
    assertThat(first.headers().firstValue("Age")).isEmpty();
    assertThat(second.headers().firstValue("Age")).hasValue("0");
    assertThat(gateway.counter(HITS)).isEqualTo(1);
    assertThat(gateway.counter(MISSES)).isEqualTo(1);
  }

  @Test
  void get_hit_stillChargedItsPrice() {
    HttpResponse<String> first = gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    HttpResponse<String> second = gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(first.headers().firstValue("X-RateLimit-Remaining")).hasValue("9997");
    assertThat(second.headers().firstValue("X-RateLimit-Remaining")).hasValue("9994");
    assertThat(second.headers().firstValue("X-RateLimit-Limit")).hasValue("10000");
    JsonNode extensions = body(second).get("extensions");
    assertThat(extensions.at("/rateLimit/cost").asLong()).isEqualTo(3);
    assertThat(extensions.at("/rateLimit/remaining").asLong()).isEqualTo(9994);
    assertThat(extensions.at("/cost/estimated").asLong()).isEqualTo(3);
    assertThat(extensions.at("/cost/max").asLong()).isEqualTo(1000);
    assertThat(extensions.get("upstream").asText()).isEqualTo("fake");
    assertThat(gateway.metricsText()).contains("tollgate_requests_total{outcome=\"ok\"} 2\n");
  }

  @Test
  void get_otherPolicies_eachAnEntryOfItsOwnChargedOnItsOwnBudget() {
    gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    HttpResponse<String> anonymous = gateway.get(null, Map.of("documentId", cargo.hex()));
    HttpResponse<String> strict = gateway.get("strict-key", Map.of("documentId", cargo.hex()));
    gateway.get("strict-key", Map.of("documentId", cargo.hex()));

    // one entry per policy: the third policy's repeat is the only hit
    assertThat(gateway.upstreamCalls()).isEqualTo(3);
    assertThat(gateway.counter(HITS)).isEqualTo(1);
    assertThat(anonymous.headers().firstValue("Cache-Control")).hasValue("public, max-age=60");
    assertThat(anonymous.headers().firstValue("X-RateLimit-Remaining")).hasValue("9997");
    assertThat(strict.headers().firstValue("X-RateLimit-Remaining")).hasValue("9997");
    assertThat(body(strict).at("/data/operationName").asText()).isEqualTo("Cargo");
  }

  @Test
  void get_operationNameSpelledOutOrImplied_sameEntry() {
    gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    gateway.get("trusted-key", Map.of("documentId", cargo.hex(), "operationName", "Cargo"));

    assertThat(gateway.upstreamCalls()).isEqualTo(1);
  }

  @Test
  void get_ifNoneMatchOnCachedEntry_304WithoutUpstreamCallButCharged() {
    String etag =
        gateway
            .get("trusted-key", Map.of("documentId", cargo.hex()))
            .headers()
            .firstValue("ETag")
            .orElseThrow();

    HttpResponse<String> revalidated =
        gateway.get("trusted-key", Map.of("documentId", cargo.hex()), "If-None-Match", etag);

    assertThat(revalidated.statusCode()).isEqualTo(304);
    assertThat(revalidated.body()).isEmpty();
    assertThat(revalidated.headers().firstValue("ETag")).hasValue(etag);
    assertThat(revalidated.headers().firstValue("X-RateLimit-Remaining")).hasValue("9994");
    assertThat(gateway.upstreamCalls()).isEqualTo(1);
    assertThat(gateway.counter(HITS)).isEqualTo(1);
  }

  @Test
  void get_variablesInAnotherKeyOrder_sameEntry() {
    gateway.get(
        "trusted-key",
        Map.of(
            "documentId", cargo.hex(), "variables", "{\"a\":1,\"b\":{\"x\":[1,2],\"w\":\"v\"}}"));

    HttpResponse<String> reordered =
        gateway.get(
            "trusted-key",
            Map.of(
                "documentId",
                cargo.hex(),
                "variables",
                "{\"b\":{\"w\":\"v\",\"x\":[1,2]},\"a\":1}"));

    assertThat(reordered.statusCode()).isEqualTo(200);
    assertThat(gateway.upstreamCalls()).isEqualTo(1);
  }

  /* ---- misses ---- */

  @Test
  void get_differentVariables_miss() {
    gateway.get("trusted-key", Map.of("documentId", cargo.hex(), "variables", "{\"id\":\"A\"}"));

    gateway.get("trusted-key", Map.of("documentId", cargo.hex(), "variables", "{\"id\":\"B\"}"));
    gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(gateway.upstreamCalls()).isEqualTo(3);
    assertThat(gateway.upstream.requests())
        .extracting(request -> request.variables())
        .containsExactly(Map.of("id", "A"), Map.of("id", "B"), Map.of());
    assertThat(gateway.counter(MISSES)).isEqualTo(3);
  }

  @Test
  void get_untilMaxAge_servedFromCacheThenUpstreamAgain() {
    gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    gateway.clock.advance(Duration.ofSeconds(59));
    HttpResponse<String> young = gateway.get("trusted-key", Map.of("documentId", cargo.hex()));
    gateway.clock.advance(Duration.ofSeconds(1));
    HttpResponse<String> expired = gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(young.headers().firstValue("Age")).hasValue("59");
    assertThat(expired.headers().firstValue("Age")).isEmpty();
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
    gateway.clock.advance(Duration.ofSeconds(1));
    assertThat(
            gateway
                .get("trusted-key", Map.of("documentId", cargo.hex()))
                .headers()
                .firstValue("Age"))
        .hasValue("1");
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  /* ---- never cached ---- */

  @Test
  void post_registeredIdTwice_neverCached() {
    gateway.post("trusted-key", Map.of("documentId", cargo.hex()));

    HttpResponse<String> second = gateway.post("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(second.headers().firstValue("Cache-Control"))
        .hasValue("private, no-cache, must-revalidate");
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
    assertThat(gateway.counter(HITS)).isZero();
    assertThat(gateway.counter(MISSES)).isZero();
  }

  @Test
  void get_postThenGet_postDidNotFillTheCache() {
    gateway.post("trusted-key", Map.of("documentId", cargo.hex()));

    gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  @Test
  void get_answerWithErrors_neverCached() {
    gateway.upstream.erring(true);

    gateway.get("trusted-key", Map.of("documentId", cargo.hex()));
    HttpResponse<String> second = gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(second.statusCode()).isEqualTo(200);
    assertThat(body(second).at("/errors/0/message").asText()).isEqualTo("cargo unavailable");
    assertThat(second.headers().firstValue("Cache-Control"))
        .hasValue("private, no-cache, must-revalidate");
    assertThat(second.headers().firstValue("ETag")).isEmpty();
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  @Test
  void get_upstreamFailed_nothingCachedAndNextGetCallsUpstream() {
    gateway.upstream.failing(true);
    assertThat(gateway.get("trusted-key", Map.of("documentId", cargo.hex())).statusCode())
        .isEqualTo(502);
    gateway.upstream.failing(false);

    HttpResponse<String> next = gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(next.statusCode()).isEqualTo(200);
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  @Test
  void get_textOfRegisteredQuery_neverCached() {
    gateway.get("trusted-key", Map.of("query", CARGO));

    gateway.get("trusted-key", Map.of("query", CARGO));

    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  @Test
  void get_retiredAfterCaching_refusedWithoutTouchingTheCache() {
    gateway.get("trusted-key", Map.of("documentId", cargo.hex()));
    gateway.retire("web", "1");

    HttpResponse<String> refused = gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(refused.statusCode()).isEqualTo(404);
    assertThat(refused.headers().firstValue("Cache-Control"))
        .hasValue("private, no-cache, must-revalidate");
    assertThat(gateway.counter(HITS)).isZero();
    assertThat(gateway.counter(MISSES)).isEqualTo(1);
  }

  @Test
  void get_budgetExhaustedWithCachedEntry_429AndNotServed() {
    DocumentHash dear =
        gateway.publishFixed(
            "web",
            "2",
            "query Dear { cargo(trackingId: \"X\") { id } }",
            "Dear",
            OperationKind.QUERY,
            900);
    assertThat(gateway.get("small-key", Map.of("documentId", dear.hex())).statusCode())
        .isEqualTo(200);

    HttpResponse<String> refused = gateway.get("small-key", Map.of("documentId", dear.hex()));

    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(body(refused).at("/errors/0/extensions/code").asText()).isEqualTo("RATE_LIMITED");
    assertThat(gateway.counter(HITS)).isZero();
    assertThat(gateway.upstreamCalls()).isEqualTo(1);
  }

  private static JsonNode withoutRateLimit(JsonNode body) {
    ObjectNode copy = body.deepCopy();
    ((ObjectNode) copy.get("extensions")).remove("rateLimit");
    return copy;
  }
}
