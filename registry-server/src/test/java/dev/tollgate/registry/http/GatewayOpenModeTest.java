package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static dev.tollgate.registry.http.GatewayHarness.fixture;
import static dev.tollgate.registry.http.GatewayHarness.persistedQuery;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.registry.document.DocumentHash;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Open mode: any document, analysed by the real pricing engine, refused with the book's messages.
 */
final class GatewayOpenModeTest {

  private static final String PARTNER = "partner-key";

  @AutoClose private final GatewayHarness gateway = GatewayHarness.start();

  /* ---- the book's five attacks ---- */

  @ParameterizedTest(name = "post_{0}_refusedBy{1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      deepNesting16    | MAX_DEPTH_EXCEEDED          | s000-04-deep16-first1   | maximum query depth exceeded 16 > 15
      150Aliases       | MAX_ALIASES_EXCEEDED        | s000-12-alias-150       | 150 aliases found. Allowed: 20
      tokenFlood       | MAX_TOKENS_EXCEEDED         | s000-29-token-flood     | Document contains more than 5000 tokens. Parsing aborted.
      chapterOneNested | COST_ESTIMATED_TOO_EXPENSIVE | s000-01-chapter1-nested | maximum query complexity exceeded 385151 > 1000
      innerPageOf6     | COST_ESTIMATED_TOO_EXPENSIVE | s000-11-page-series-n6  | maximum query complexity exceeded 1051 > 1000
      """)
  void post_bookFixture_refusedWithTheBooksMessage(
      String condition, String code, String fixture, String message) {
    assertRefused(query(fixture(fixture)), 400, code, message);
  }

  @Test
  void post_hugePage_refusedByCost() {
    HttpResponse<String> response = query(fixture("s000-23-huge-page-first5000"));

    assertRefused(
        response,
        400,
        "COST_ESTIMATED_TOO_EXPENSIVE",
        "maximum query complexity exceeded 15001 > 1000");
    JsonNode body = body(response);
    assertThat(body.at("/errors/0/extensions/cost/estimated").asLong()).isEqualTo(15_001);
    assertThat(body.at("/errors/0/extensions/cost/max").asLong()).isEqualTo(1_000);
    assertThat(body.at("/extensions/cost/estimated").asLong()).isEqualTo(15_001);
  }

  @Test
  void post_batchArray_refusedUnlessEnabled_oneErrorPerElement() {
    HttpResponse<String> response =
        gateway.post(PARTNER, "[{\"query\":\"{ __typename }\"},{\"query\":\"{ __typename }\"}]");

    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
    JsonNode body = body(response);
    assertThat(body.isArray()).isTrue();
    assertThat(body).hasSize(2);
    for (JsonNode element : body) {
      assertThat(element.at("/errors/0/message").asText()).isEqualTo("Batching is not enabled");
      assertThat(element.at("/errors/0/extensions/code").asText())
          .isEqualTo("BATCHING_NOT_SUPPORTED");
      assertThat(element.has("data")).isFalse();
      assertThat(element.at("/extensions/rateLimit/remaining").asLong()).isEqualTo(100_000);
    }
    assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("100000");
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void post_emptyBatchArray_refusedUnlessEnabled_oneErrorObject() {
    HttpResponse<String> response = gateway.post(PARTNER, "[]");

    assertRefused(response, 400, "BATCHING_NOT_SUPPORTED", "Batching is not enabled");
  }

  /* ---- the book's numbers ---- */

  @Test
  void post_innerPageOf5_runsAt901() {
    HttpResponse<String> response = query(fixture("s000-10-page-series-n5"));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(body(response).at("/extensions/cost/estimated").asLong()).isEqualTo(901);
    assertThat(body(response).at("/extensions/rateLimit/cost").asLong()).isEqualTo(901);
    assertThat(gateway.upstreamCalls()).isEqualTo(1);
  }

  @Test
  void post_deep15Prefix_runs() {
    assertThat(query(fixture("s000-05-deep15-prefix")).statusCode()).isEqualTo(200);
  }

  @Test
  void post_variablePageSize_pricedWithTheVariables() {
    String text = fixture("s000-27-variable-n50");

    HttpResponse<String> big =
        gateway.post(PARTNER, Map.of("query", text, "variables", Map.of("n", 50)));
    HttpResponse<String> small =
        gateway.post(PARTNER, Map.of("query", text, "variables", Map.of("n", 2)));

    assertThat(body(big).at("/errors/0/message").asText())
        .isEqualTo("maximum query complexity exceeded 7651 > 1000");
    assertThat(small.statusCode()).isEqualTo(200);
    assertThat(body(small).at("/extensions/cost/estimated").asLong()).isEqualTo(19);
    assertThat(gateway.upstream.requests())
        .singleElement()
        .satisfies(request -> assertThat(request.variables()).containsEntry("n", 2));
  }

  /* ---- automatic persisted queries ---- */

  @Test
  void post_apqHashOnlyUnknown_200PersistedQueryNotFound() {
    DocumentHash hash = DocumentHash.of("{ cargo(trackingId: \"ABC123\") { id } }");

    HttpResponse<String> response =
        gateway.post(PARTNER, Map.of("extensions", persistedQuery(hash)));

    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode body = body(response);
    assertThat(body.at("/errors/0/message").asText()).isEqualTo("PersistedQueryNotFound");
    assertThat(body.at("/errors/0/extensions/code").asText())
        .isEqualTo("PERSISTED_QUERY_NOT_FOUND");
    assertThat(response.headers().firstValue("Cache-Control"))
        .hasValue("private, no-cache, must-revalidate");
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void post_apqHashWithText_runsThenHashAloneRuns() {
    String text = "{ cargo(trackingId: \"ABC123\") { id } }";
    DocumentHash hash = DocumentHash.of(text);

    HttpResponse<String> register =
        gateway.post(PARTNER, Map.of("query", text, "extensions", persistedQuery(hash)));
    HttpResponse<String> replay = gateway.post(PARTNER, Map.of("extensions", persistedQuery(hash)));

    assertThat(register.statusCode()).isEqualTo(200);
    assertThat(replay.statusCode()).isEqualTo(200);
    assertThat(body(replay).at("/extensions/cost/estimated").asLong()).isEqualTo(2);
    assertThat(gateway.upstream.requests())
        .hasSize(2)
        .allSatisfy(request -> assertThat(request.query()).isEqualTo(text));
  }

  @Test
  void post_apqHashMismatch_400() {
    DocumentHash other = DocumentHash.of("{ __typename }");

    assertRefused(
        gateway.post(
            PARTNER,
            Map.of(
                "query",
                "{ cargo(trackingId: \"A\") { id } }",
                "extensions",
                persistedQuery(other))),
        400,
        "PERSISTED_QUERY_HASH_MISMATCH",
        "provided sha does not match query");
  }

  @Test
  void post_trustedKeyApqHashOnly_notInList() {
    DocumentHash hash = DocumentHash.of("{ cargo(trackingId: \"ABC123\") { id } }");

    HttpResponse<String> response =
        gateway.post("trusted-key", Map.of("extensions", persistedQuery(hash)));

    assertThat(response.statusCode()).isEqualTo(404);
  }

  /* ---- registered documents in open mode ---- */

  @Test
  void post_registeredIdInOpenMode_runsAtStoredPrice() {
    DocumentHash hash = gateway.publish("web", "1", fixture("s000-10-page-series-n5"));

    HttpResponse<String> response = gateway.post(PARTNER, Map.of("documentId", hash.hex()));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(body(response).at("/extensions/cost/estimated").asLong()).isEqualTo(901);
  }

  @Test
  void post_registeredIdWithVariables_evaluatesStoredPrice() {
    DocumentHash hash = gateway.publish("web", "1", fixture("s000-27-variable-n50"));

    HttpResponse<String> big =
        gateway.post("trusted-key", Map.of("documentId", hash.hex(), "variables", Map.of("n", 50)));
    HttpResponse<String> small =
        gateway.post("trusted-key", Map.of("documentId", hash.hex(), "variables", Map.of("n", 2)));

    assertThat(body(big).at("/errors/0/message").asText())
        .isEqualTo("maximum query complexity exceeded 7651 > 1000");
    assertThat(body(small).at("/extensions/cost/estimated").asLong()).isEqualTo(19);
  }

  /* ---- introspection, documents that do not validate, variables ---- */

  @Test
  void post_introspectionWithoutPermission_refused() {
    assertRefused(
        query("{ __schema { queryType { name } } }"),
        403,
        "INTROSPECTION_DISABLED",
        "GraphQL introspection is not allowed for this key");
  }

  @Test
  void post_introspectionWithPermission_runsFree() {
    HttpResponse<String> response =
        gateway.post("intro-key", Map.of("query", fixture("s000-30-schema-introspection-free")));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(body(response).at("/extensions/cost/estimated").asLong()).isZero();
  }

  @Test
  void post_typenameOnly_isNotIntrospection() {
    assertThat(query("{ __typename }").statusCode()).isEqualTo(200);
  }

  @Test
  void post_unknownField_400ValidationFailedWithoutSuggestions() {
    HttpResponse<String> response = query("{ cargo(trackingId: \"A\") { trackingNumber } }");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(body(response).at("/errors/0/extensions/code").asText())
        .isEqualTo("GRAPHQL_VALIDATION_FAILED");
    assertThat(response.body()).doesNotContain("Did you mean");
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void post_syntaxError_400ParseFailed() {
    HttpResponse<String> response = query("{ cargo(trackingId: ");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(body(response).at("/errors/0/extensions/code").asText())
        .isEqualTo("GRAPHQL_PARSE_FAILED");
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void post_sameInvalidTextTwice_identicalAnswers() {
    String syntaxError = "{ cargo(trackingId: ";
    String unknownField = "{ cargo(trackingId: \"A\") { trackingNumber } }";

    for (String text : new String[] {syntaxError, unknownField}) {
      HttpResponse<String> first = query(text);
      HttpResponse<String> second = query(text);

      assertThat(second.statusCode()).isEqualTo(first.statusCode()).isEqualTo(400);
      assertThat(second.body()).isEqualTo(first.body());
    }
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void post_variableThatDoesNotCoerce_400BadUserInput() {
    HttpResponse<String> response =
        gateway.post(
            PARTNER,
            Map.of(
                "query",
                "query Q($n: Int) { cargos(first: $n) { edges { cursor } } }",
                "variables",
                Map.of("n", "many")));

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(body(response).at("/errors/0/extensions/code").asText()).isEqualTo("BAD_USER_INPUT");
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void post_unknownOperationName_400() {
    HttpResponse<String> response =
        gateway.post(PARTNER, Map.of("query", "query A { __typename }", "operationName", "B"));

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(body(response).at("/errors/0/extensions/code").asText())
        .isEqualTo("OPERATION_RESOLUTION_FAILURE");
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void get_mutationText_405AllowPost() {
    String mutation =
        "mutation { registerHandlingEvent(input: {trackingId: \"A\", type: LOAD, locationCode: \"X\","
            + " completionTime: \"2026-01-01T00:00:00Z\"}) { id } }";

    HttpResponse<String> response = gateway.get(PARTNER, Map.of("query", mutation));

    assertThat(response.statusCode()).isEqualTo(405);
    assertThat(response.headers().firstValue("Allow")).hasValue("POST");
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void get_openQueryText_runsButIsNotCacheable() {
    HttpResponse<String> response = gateway.get(PARTNER, Map.of("query", "{ __typename }"));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Cache-Control"))
        .hasValue("private, no-cache, must-revalidate");
    assertThat(response.headers().firstValue("ETag")).isEmpty();
  }

  private HttpResponse<String> query(String text) {
    return gateway.post(PARTNER, Map.of("query", text));
  }

  private void assertRefused(
      HttpResponse<String> response, int status, String code, String message) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    JsonNode body = body(response);
    assertThat(body.at("/errors/0/message").asText()).isEqualTo(message);
    assertThat(body.at("/errors/0/extensions/code").asText()).isEqualTo(code);
    assertThat(body.has("data")).isFalse();
    assertThat(body.at("/extensions/rateLimit/cost").asLong()).isZero();
    assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("100000");
    assertThat(gateway.upstreamCalls()).isZero();
  }
}
