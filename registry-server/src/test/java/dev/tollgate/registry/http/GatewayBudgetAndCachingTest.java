package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static dev.tollgate.registry.http.GatewayHarness.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** Budgets charged per key on a fake clock, the rate-limit headers, and GET caching by id. */
final class GatewayBudgetAndCachingTest {

  private static final String CARGO =
      "query Cargo { cargo(trackingId: \"ABC123\") { id trackingId } }";

  @AutoClose private final GatewayHarness gateway = GatewayHarness.start();
  private final DocumentHash cargo =
      gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);

  /* ---- budgets ---- */

  @Test
  void post_drainBudget_429WithRetryAfterThenRefills() {
    String page = fixture("s000-10-page-series-n5");
    assertThat(gateway.post("small-key", Map.of("query", page)).statusCode()).isEqualTo(200);

    HttpResponse<String> refused = gateway.post("small-key", Map.of("query", page));

    assertThat(refused.statusCode()).isEqualTo(429);
    JsonNode body = body(refused);
    assertThat(body.at("/errors/0/extensions/code").asText()).isEqualTo("RATE_LIMITED");
    assertThat(body.at("/errors/0/extensions/retryAfter").asLong()).isEqualTo(81);
    assertThat(body.at("/extensions/cost/estimated").asLong()).isEqualTo(901);
    assertThat(body.at("/extensions/rateLimit/remaining").asLong()).isEqualTo(99);
    assertThat(refused.headers().firstValue("Retry-After")).hasValue("81");
    assertThat(refused.headers().firstValue("X-RateLimit-Remaining")).hasValue("99");
    assertThat(gateway.upstreamCalls()).isEqualTo(1);

    gateway.clock.advance(Duration.ofSeconds(81));

    assertThat(gateway.post("small-key", Map.of("query", page)).statusCode()).isEqualTo(200);
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  @Test
  void post_success_carriesRateLimitHeadersAndExtensions() {
    HttpResponse<String> response =
        gateway.post("small-key", Map.of("query", fixture("s000-10-page-series-n5")));

    assertThat(response.headers().firstValue("X-RateLimit-Limit")).hasValue("1000");
    assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("99");
    assertThat(response.headers().firstValue("X-RateLimit-Reset")).hasValue("91");
    JsonNode rateLimit = body(response).at("/extensions/rateLimit");
    assertThat(rateLimit.get("cost").asLong()).isEqualTo(901);
    assertThat(rateLimit.get("remaining").asLong()).isEqualTo(99);
    assertThat(rateLimit.get("resetIn").asLong()).isEqualTo(91);
  }

  @Test
  void post_refusalBeforePricing_stillCarriesRateLimit() {
    HttpResponse<String> response = gateway.post("small-key", "{not json");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.headers().firstValue("X-RateLimit-Limit")).hasValue("1000");
    assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("1000");
    assertThat(body(response).at("/extensions/rateLimit/remaining").asLong()).isEqualTo(1000);
    assertThat(body(response).has("data")).isFalse();
  }

  @Test
  void post_keysHaveSeparateBudgets() {
    gateway.post("small-key", Map.of("query", fixture("s000-10-page-series-n5")));

    HttpResponse<String> other =
        gateway.post("partner-key", Map.of("query", fixture("s000-10-page-series-n5")));

    assertThat(other.headers().firstValue("X-RateLimit-Remaining")).hasValue("99099");
  }

  /* ---- GET caching ---- */

  @Test
  void get_registeredIdAnonymous_publicCacheableWithStrongEtag() {
    HttpResponse<String> response = gateway.get(null, Map.of("documentId", cargo.hex()));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Cache-Control")).hasValue("public, max-age=60");
    assertThat(response.headers().firstValue("ETag"))
        .hasValueSatisfying(etag -> assertThat(etag).matches("\"[0-9a-f]{64}\""));
    assertThat(response.headers().firstValue("Vary")).hasValue(GatewayHarness.VARY);
  }

  @Test
  void get_registeredIdWithKey_privateCacheable() {
    HttpResponse<String> response = gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(response.headers().firstValue("Cache-Control")).hasValue("private, max-age=60");
  }

  @Test
  void get_ifNoneMatch_304WithoutBodyButCharged() {
    HttpResponse<String> first = gateway.get("trusted-key", Map.of("documentId", cargo.hex()));
    String etag = first.headers().firstValue("ETag").orElseThrow();

    HttpResponse<String> second =
        gateway.get("trusted-key", Map.of("documentId", cargo.hex()), "If-None-Match", etag);

    assertThat(second.statusCode()).isEqualTo(304);
    assertThat(second.body()).isEmpty();
    assertThat(second.headers().firstValue("ETag")).hasValue(etag);
    assertThat(second.headers().firstValue("X-RateLimit-Remaining")).hasValue("9994");
    assertThat(second.headers().firstValue("Vary")).hasValue(GatewayHarness.VARY);
  }

  @Test
  void get_ifNoneMatchStale_200() {
    HttpResponse<String> response =
        gateway.get("trusted-key", Map.of("documentId", cargo.hex()), "If-None-Match", "\"stale\"");

    assertThat(response.statusCode()).isEqualTo(200);
  }

  @Test
  void get_unknownId_noCache() {
    HttpResponse<String> response =
        gateway.get("trusted-key", Map.of("documentId", DocumentHash.of("{ x }").hex()));

    assertThat(response.statusCode()).isEqualTo(404);
    assertThat(response.headers().firstValue("Cache-Control"))
        .hasValue("private, no-cache, must-revalidate");
    assertThat(response.headers().firstValue("ETag")).isEmpty();
  }

  @Test
  void post_registeredId_notCacheable() {
    HttpResponse<String> response = gateway.post("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(response.headers().firstValue("Cache-Control"))
        .hasValue("private, no-cache, must-revalidate");
  }

  @Test
  void get_withVariables_jsonEncoded() {
    DocumentHash paged = gateway.publish("web", "2", fixture("s000-27-variable-n50"));

    HttpResponse<String> response =
        gateway.get("trusted-key", Map.of("documentId", paged.hex(), "variables", "{\"n\":2}"));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(body(response).at("/extensions/cost/estimated").asLong()).isEqualTo(19);
  }

  /* ---- content negotiation, upstream failure ---- */

  @Test
  void post_acceptsGraphqlResponseJson_answersInIt() {
    HttpResponse<String> response =
        gateway.send(
            gateway
                .request("/graphql", "trusted-key")
                .header("Content-Type", "application/json")
                .setHeader("Accept", "application/graphql-response+json, application/json;q=0.9")
                .POST(
                    java.net.http.HttpRequest.BodyPublishers.ofString(
                        "{\"documentId\":\"" + cargo.hex() + "\"}"))
                .build());

    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(
            type -> assertThat(type).startsWith("application/graphql-response+json"));
  }

  @Test
  void post_noAccept_answersApplicationJson() {
    HttpResponse<String> response =
        gateway.send(
            gateway
                .bareRequest("/graphql", "trusted-key")
                .header("Content-Type", "application/json")
                .POST(
                    java.net.http.HttpRequest.BodyPublishers.ofString(
                        "{\"documentId\":\"" + cargo.hex() + "\"}"))
                .build());

    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
  }

  @Test
  void post_upstreamFails_502UpstreamError() {
    gateway.upstream.failing(true);

    HttpResponse<String> response = gateway.post("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(response.statusCode()).isEqualTo(502);
    assertThat(body(response).at("/errors/0/extensions/code").asText()).isEqualTo("UPSTREAM_ERROR");
    // charged 3, then given back: the failed request costs nothing
    assertThat(body(response).at("/extensions/rateLimit/cost").asLong()).isZero();
    assertThat(body(response).at("/extensions/rateLimit/remaining").asLong()).isEqualTo(10_000);
  }

  @Test
  void post_storedPriceUnreadable_500InGraphqlShape() {
    DocumentHash broken =
        gateway.publishFixed(
            "web", "2", "query Broken { __typename }", "Broken", OperationKind.QUERY, 1);
    gateway.registry.publish(
        "web",
        "3",
        new StoredDocument(
            DocumentHash.of("query Corrupt { __typename }"),
            "query Corrupt { __typename }",
            Instant.EPOCH,
            List.of(
                new StoredOperation("Corrupt", OperationKind.QUERY, "garbage", 1, 1, 0, 3, "t"))));
    gateway.catalog.refresh();

    HttpResponse<String> response =
        gateway.post(
            "trusted-key",
            Map.of("documentId", DocumentHash.of("query Corrupt { __typename }").hex()));

    assertThat(response.statusCode()).isEqualTo(500);
    assertThat(body(response).at("/errors/0/extensions/code").asText())
        .isEqualTo("INTERNAL_SERVER_ERROR");
    assertThat(response.body()).doesNotContain("garbage");
    assertThat(gateway.post("trusted-key", Map.of("documentId", broken.hex())).statusCode())
        .isEqualTo(200);
  }

  @Test
  void metrics_countOutcomesAndCosts() {
    gateway.post("trusted-key", Map.of("documentId", cargo.hex()));
    gateway.post("trusted-key", Map.of("documentId", DocumentHash.of("{ x }").hex()));

    assertThat(gateway.metricsText())
        .contains("tollgate_requests_total{outcome=\"ok\"} 1")
        .contains("tollgate_requests_total{outcome=\"PERSISTED_QUERY_NOT_IN_LIST\"} 1")
        .contains("tollgate_estimated_cost_count 1")
        .contains("tollgate_upstream_requests_total 1");
  }

  @Test
  void metrics_upstreamFailure_costObservedOnce() {
    gateway.upstream.failing(true);

    HttpResponse<String> failed = gateway.post("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(failed.statusCode()).isEqualTo(502);
    // one request priced at 3: one observation, though it was admitted and then refused
    assertThat(gateway.metricsText())
        .contains("tollgate_requests_total{outcome=\"UPSTREAM_ERROR\"} 1")
        .contains("tollgate_estimated_cost_count 1\n")
        .contains("tollgate_estimated_cost_sum 3\n");
  }
}
