package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static dev.tollgate.registry.http.GatewayHarness.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.registry.admission.UpstreamRequest;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * Issue 23 item 3: with batching on, a batch is answered with one entry per operation, in order;
 * each operation is checked, charged and run on its own, and one refused operation no longer turns
 * the batch into one error. The harness allows 3 operations per batch; open-mode prices are the
 * book's (README "The cost model").
 */
final class GatewayBatchTest {

  /** cargos(first: 1) = 1 + 1 x edges (1 + 1 x cursor 1 = 2) = 3. */
  private static final String SMALL = "{ cargos(first: 1) { edges { cursor } } }";

  /** cargos(first: 5000) = 1 + 5000 x edges 2 = 10,001, over the per-operation maximum 1,000. */
  private static final String HUGE = "{ cargos(first: 5000) { edges { cursor } } }";

  /** The fixture's own figure: cargos(first: 50) over handlingHistory(first: 5), 151 + 150 x 5. */
  private static final long PAGE_COST = 901;

  @AutoClose private final GatewayHarness gateway = GatewayHarness.startWithBatching();

  /* ---- the five cases ---- */

  @Test
  void post_oneOperationOverTheCostMaximum_refusedInItsPlaceTheOtherRuns() {
    HttpResponse<String> response = post("partner-key", query(SMALL), query(HUGE));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode body = body(response);
    assertThat(body.isArray()).isTrue();
    assertThat(body).hasSize(2);
    assertRan(body.get(0), 3);
    assertThat(body.get(0).at("/extensions/rateLimit/cost").asLong()).isEqualTo(3);
    assertRefused(body.get(1), "COST_ESTIMATED_TOO_EXPENSIVE");
    assertThat(body.get(1).at("/errors/0/message").asText())
        .isEqualTo("maximum query complexity exceeded 10001 > 1000");
    assertThat(body.get(1).at("/extensions/cost/estimated").asLong()).isEqualTo(10_001);
    assertThat(body.get(1).at("/extensions/cost/max").asLong()).isEqualTo(1_000);
    // only the admitted operation is charged: 100,000 - 3
    assertThat(body.get(1).at("/extensions/rateLimit/remaining").asLong()).isEqualTo(99_997);
    assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("99997");
    assertThat(response.headers().firstValue("Retry-After")).isEmpty();
    assertThat(response.headers().firstValue("Cache-Control"))
        .hasValue("private, no-cache, must-revalidate");
    assertThat(forwardedQueries()).containsExactly(SMALL);
    assertThat(gateway.upstreamCalls()).isEqualTo(1);
  }

  @Test
  void post_oneOperationFailsValidation_refusedInItsPlaceTheOtherRuns() {
    HttpResponse<String> response =
        post("partner-key", query("{ nope }"), query(SMALL), query("{"));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode body = body(response);
    assertThat(body).hasSize(3);
    assertRefused(body.get(0), "GRAPHQL_VALIDATION_FAILED");
    assertThat(body.get(0).at("/extensions/cost").isMissingNode()).isTrue();
    assertRan(body.get(1), 3);
    assertRefused(body.get(2), "GRAPHQL_PARSE_FAILED");
    // 100,000 - 3, the refused ones charged nothing
    assertThat(body.get(2).at("/extensions/rateLimit/remaining").asLong()).isEqualTo(99_997);
    assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("99997");
    assertThat(gateway.upstreamCalls()).isEqualTo(1);
  }

  @Test
  void post_oneUnknownId_refusedInItsPlaceTheRegisteredOneRuns() {
    DocumentHash cargo =
        gateway.publishFixed(
            "web",
            "1",
            "query Cargo { cargo(trackingId: \"ABC123\") { id } }",
            "Cargo",
            OperationKind.QUERY,
            7);
    DocumentHash unknown = DocumentHash.of("query Unknown { __typename }");

    HttpResponse<String> response = post("trusted-key", byId(unknown), byId(cargo), byId(unknown));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode body = body(response);
    assertThat(body).hasSize(3);
    assertRefused(body.get(0), "PERSISTED_QUERY_NOT_IN_LIST");
    assertRan(body.get(1), 7);
    assertThat(body.get(1).at("/data/operationName").asText()).isEqualTo("Cargo");
    assertRefused(body.get(2), "PERSISTED_QUERY_NOT_IN_LIST");
    // the fixed price 7 only: 10,000 - 7
    assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("9993");
    assertThat(gateway.upstreamCalls()).isEqualTo(1);
  }

  @Test
  void post_budgetShortMidBatch_thatOneRateLimitedALaterCheaperOneRuns() {
    String page = fixture("s000-10-page-series-n5");

    HttpResponse<String> response = post("small-key", query(page), query(page), query(SMALL));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode body = body(response);
    assertThat(body).hasSize(3);
    // 1,000 - 901 = 99 left
    assertRan(body.get(0), PAGE_COST);
    assertThat(body.get(0).at("/extensions/rateLimit/remaining").asLong()).isEqualTo(99);
    // 901 > 99: refused, charged nothing; 901 - 99 = 802 short at 10 units/s: 81 s (rounded up)
    assertRefused(body.get(1), "RATE_LIMITED");
    assertThat(body.get(1).at("/errors/0/extensions/retryAfter").asLong()).isEqualTo(81);
    assertThat(body.get(1).at("/extensions/cost/estimated").asLong()).isEqualTo(PAGE_COST);
    assertThat(body.get(1).at("/extensions/rateLimit/cost").asLong()).isZero();
    assertThat(body.get(1).at("/extensions/rateLimit/remaining").asLong()).isEqualTo(99);
    // 3 fits in 99: 96 left
    assertRan(body.get(2), 3);
    assertThat(body.get(2).at("/extensions/rateLimit/remaining").asLong()).isEqualTo(96);
    assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("96");
    assertThat(response.headers().firstValue("Retry-After")).hasValue("81");
    assertThat(forwardedQueries()).containsExactly(page, SMALL);
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  @Test
  void post_longerThanTheMaximum_refusedWholeOneCopyPerElement() {
    String[] four = {query(SMALL), query(SMALL), query(SMALL), query(SMALL)};

    HttpResponse<String> response = post("partner-key", four);
    HttpResponse<String> asJson = gateway.send(bare("partner-key", four));

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(asJson.statusCode()).isEqualTo(200);
    assertThat(asJson.body()).isEqualTo(response.body());
    JsonNode body = body(response);
    assertThat(body).hasSize(4);
    for (JsonNode entry : body) {
      assertRefused(entry, "BATCH_TOO_LARGE");
      assertThat(entry.at("/errors/0/message").asText())
          .isEqualTo("a batch may hold at most 3 operations, got 4");
      assertThat(entry.at("/extensions/rateLimit/remaining").asLong()).isEqualTo(100_000);
    }
    assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("100000");
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void post_emptyArray_oneBadRequestObject() {
    HttpResponse<String> response = gateway.post("partner-key", "[]");

    assertThat(response.statusCode()).isEqualTo(400);
    assertRefused(body(response), "BAD_REQUEST");
    assertThat(body(response).at("/errors/0/message").asText())
        .isEqualTo("a batch must hold at least one operation");
  }

  @Test
  void post_anElementThatIsNotAGraphqlRequest_oneBadRequestObjectNothingRuns() {
    HttpResponse<String> response = post("partner-key", query(SMALL), "42");

    assertThat(response.statusCode()).isEqualTo(400);
    assertRefused(body(response), "BAD_REQUEST");
    assertThat(body(response).at("/extensions/rateLimit/remaining").asLong()).isEqualTo(100_000);
    assertThat(gateway.upstreamCalls()).isZero();
  }

  /* ---- status, media types, failures, measure mode, metrics ---- */

  @Test
  void post_everyOperationRefused_still200InBothMediaTypes() {
    HttpResponse<String> response = post("partner-key", query(HUGE), query("{ nope }"));
    HttpResponse<String> asJson = gateway.send(bare("partner-key", query(HUGE), query("{ nope }")));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(
            type -> assertThat(type).startsWith("application/graphql-response+json"));
    assertThat(asJson.statusCode()).isEqualTo(200);
    assertThat(asJson.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
    assertThat(asJson.body()).isEqualTo(response.body());
    assertRefused(body(response).get(0), "COST_ESTIMATED_TOO_EXPENSIVE");
    assertRefused(body(response).get(1), "GRAPHQL_VALIDATION_FAILED");
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void post_upstreamFails_eachEntryUpstreamErrorAndItsUnitsBack() {
    gateway.upstream.failing(true);

    HttpResponse<String> response = post("partner-key", query(SMALL), query(HUGE), query(SMALL));

    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode body = body(response);
    assertRefused(body.get(0), "UPSTREAM_ERROR");
    assertRefused(body.get(1), "COST_ESTIMATED_TOO_EXPENSIVE");
    assertRefused(body.get(2), "UPSTREAM_ERROR");
    // charged 3 + 3, both given back
    assertThat(body.get(2).at("/extensions/rateLimit/remaining").asLong()).isEqualTo(100_000);
    assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("100000");
    assertThat(gateway.metricsText())
        .contains("tollgate_requests_total{outcome=\"UPSTREAM_ERROR\"} 2\n")
        // 3, 10,001 and 3, each observed once
        .contains("tollgate_estimated_cost_count 3\n");
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  @Test
  void post_measureMode_overTheMaximumRunsAndSaysWhatEnforcingWouldDo() {
    HttpResponse<String> response = post("measure-key", query(SMALL), query(HUGE));

    JsonNode body = body(response);
    assertRan(body.get(0), 3);
    assertRan(body.get(1), 10_001);
    assertThat(body.get(0).at("/extensions/cost/wouldRefuse").isMissingNode()).isTrue();
    assertThat(body.get(1).at("/extensions/cost/wouldRefuse").asText())
        .isEqualTo("COST_ESTIMATED_TOO_EXPENSIVE");
    // 100,000 - 3 - 10,001
    assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("89996");
    assertThat(gateway.metricsText())
        .contains("tollgate_would_refuse_total{code=\"COST_ESTIMATED_TOO_EXPENSIVE\"} 1\n");
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  @Test
  void metrics_eachEntryCountedAsASingleRequestWouldBe() {
    post("partner-key", query(SMALL), query(HUGE), query(SMALL));

    assertThat(gateway.metricsText())
        .contains("tollgate_requests_total{outcome=\"ok\"} 2\n")
        .contains("tollgate_requests_total{outcome=\"COST_ESTIMATED_TOO_EXPENSIVE\"} 1\n")
        // 3, 10,001 and 3 observed
        .contains("tollgate_estimated_cost_count 3\n");
  }

  /* ---- helpers ---- */

  private HttpResponse<String> post(String key, String... operations) {
    return gateway.post(key, array(operations));
  }

  /** The batch without {@code Accept}: answered in {@code application/json}. */
  private HttpRequest bare(String key, String... operations) {
    return gateway
        .bareRequest("/graphql", key)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(array(operations)))
        .build();
  }

  private List<String> forwardedQueries() {
    List<String> queries = new ArrayList<>();
    for (UpstreamRequest request : gateway.upstream.requests()) {
      queries.add(request.query());
    }
    return queries;
  }

  private static String array(String... operations) {
    return "[" + String.join(",", operations) + "]";
  }

  private static String query(String text) {
    return GatewayHarness.json(Map.of("query", text));
  }

  private static String byId(DocumentHash id) {
    return GatewayHarness.json(Map.of("documentId", id.hex()));
  }

  private static void assertRan(JsonNode entry, long cost) {
    assertThat(entry.has("errors")).as(entry.toString()).isFalse();
    assertThat(entry.at("/extensions/upstream").asText()).isEqualTo("fake");
    assertThat(entry.at("/extensions/cost/estimated").asLong()).isEqualTo(cost);
    assertThat(entry.at("/extensions/rateLimit/cost").asLong()).isEqualTo(cost);
  }

  private static void assertRefused(JsonNode entry, String code) {
    assertThat(entry.at("/errors/0/extensions/code").asText()).as(entry.toString()).isEqualTo(code);
    assertThat(entry.has("data")).isFalse();
  }
}
