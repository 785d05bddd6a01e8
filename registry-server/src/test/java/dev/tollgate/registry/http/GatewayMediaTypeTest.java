package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static dev.tollgate.registry.http.GatewayHarness.fixture;
import static dev.tollgate.registry.http.GatewayHarness.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.registry.admission.UnavailableBudgetLedger;
import dev.tollgate.registry.document.DocumentHash;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every refusal code of {@code /graphql} under both media types of GraphQL over HTTP (issue 11,
 * section 3), over real HTTP: in {@code application/graphql-response+json} each keeps its 4xx; in
 * {@code application/json} (asked for, {@code *}{@code /*}, or no {@code Accept}) every refusal of
 * a well-formed request is a 200, while the HTTP-level ones (401, 405, 413, 415, 400 for a body
 * that is not a GraphQL request) and the 5xx keep theirs. The body and the headers a client reads
 * ({@code Retry-After}, {@code Allow}, {@code X-RateLimit-*}) are the same in both, and carry the
 * balance ({@code extensions.rateLimit} and {@code X-RateLimit-*}, equal) wherever the caller's
 * policy and balance are known: every answer but the 401 and the 503.
 */
final class GatewayMediaTypeTest {

  private static final String GRAPHQL = "application/graphql-response+json";

  /** The {@code Accept} headers of each media type; {@code null} sends none. */
  private static final List<@Nullable String> GRAPHQL_ACCEPTS =
      List.of(GRAPHQL, GRAPHQL + ", application/json;q=0.9");

  private static final List<@Nullable String> JSON_ACCEPTS =
      Arrays.asList("application/json", "*/*", null);

  private static final GatewayHarness gateway = GatewayHarness.start();
  private static final GatewayHarness batching = GatewayHarness.startWithBatching();
  private static final GatewayHarness storeDown =
      GatewayHarness.startWith(new UnavailableBudgetLedger());
  private static final GatewayHarness failing = GatewayHarness.start();

  private static final String TYPENAME = "{\"query\":\"{ __typename }\"}";
  private static final String MUTATION =
      "mutation { registerHandlingEvent(input: {trackingId: \"A\", type: LOAD, locationCode: \"X\","
          + " completionTime: \"2026-01-01T00:00:00Z\"}) { id } }";

  static {
    // small-key (1,000 units): the page query costs 901, so the second one is refused
    gateway.post("small-key", Map.of("query", fixture("s000-10-page-series-n5")));
    failing.upstream.failing(true);
  }

  @AfterAll
  static void close() {
    for (GatewayHarness harness : List.of(gateway, batching, storeDown, failing)) {
      harness.close();
    }
  }

  /**
   * @param graphqlStatus in {@code application/graphql-response+json}
   * @param jsonStatus in {@code application/json}
   * @param balance whether the answer carries the caller's balance
   */
  record Case(
      String code,
      int graphqlStatus,
      int jsonStatus,
      boolean balance,
      GatewayHarness on,
      Function<GatewayHarness, HttpRequest.Builder> request) {

    @Override
    public String toString() {
      return code;
    }
  }

  static Stream<Case> refusals() {
    String unknown = DocumentHash.of("query Unknown { __typename }").hex();
    return Stream.of(
        post("PERSISTED_QUERY_NOT_FOUND", 200, 200, "partner-key", apq(unknown, null)),
        post("PERSISTED_QUERY_ID_REQUIRED", 400, 200, "strict-key", TYPENAME),
        post(
            "PERSISTED_QUERY_HASH_MISMATCH",
            400,
            200,
            "partner-key",
            apq(DocumentHash.of("other").hex(), "{ __typename }")),
        post(
            "PERSISTED_QUERY_VERSION_NOT_SUPPORTED",
            400,
            200,
            "partner-key",
            json(
                Map.of(
                    "query",
                    "{ __typename }",
                    "extensions",
                    Map.of("persistedQuery", Map.of("version", 2, "sha256Hash", unknown))))),
        post(
            "INVALID_DOCUMENT_ID",
            400,
            200,
            "trusted-key",
            "{\"documentId\":\"" + "x".repeat(201) + "\"}"),
        query("MAX_TOKENS_EXCEEDED", fixture("s000-29-token-flood")),
        query("MAX_DEPTH_EXCEEDED", fixture("s000-04-deep16-first1")),
        query("MAX_ALIASES_EXCEEDED", fixture("s000-12-alias-150")),
        query("COST_ESTIMATED_TOO_EXPENSIVE", fixture("s000-23-huge-page-first5000")),
        query("GRAPHQL_PARSE_FAILED", "{"),
        query("GRAPHQL_VALIDATION_FAILED", "{ nope }"),
        post(
            "BAD_USER_INPUT",
            400,
            200,
            "partner-key",
            json(
                Map.of(
                    "query",
                    "query Q($n: Int) { cargos(first: $n) { edges { cursor } } }",
                    "variables",
                    Map.of("n", "many")))),
        post(
            "OPERATION_RESOLUTION_FAILURE",
            400,
            200,
            "partner-key",
            json(Map.of("query", "query A { __typename }", "operationName", "B"))),
        post("BAD_REQUEST", 400, 400, "partner-key", "{\"query\": \"{ __typename }\""),
        post("BAD_REQUEST", 400, 400, "partner-key", "{\"qeury\":\"{ __typename }\"}"),
        post("BATCHING_NOT_SUPPORTED", 400, 200, "partner-key", "[" + TYPENAME + "]"),
        new Case(
            "BATCH_TOO_LARGE",
            400,
            200,
            true,
            batching,
            harness ->
                postRequest(
                    harness,
                    "partner-key",
                    "[" + String.join(",", TYPENAME, TYPENAME, TYPENAME, TYPENAME) + "]")),
        new Case(
            "UNAUTHENTICATED",
            401,
            401,
            false,
            gateway,
            harness -> postRequest(harness, "nobody", TYPENAME)),
        post("QUERY_NOT_IN_SAFELIST", 403, 200, "trusted-key", TYPENAME),
        query("INTROSPECTION_DISABLED", 403, "{ __schema { types { name } } }"),
        post(
            "PERSISTED_QUERY_NOT_IN_LIST",
            404,
            200,
            "trusted-key",
            "{\"documentId\":\"" + unknown + "\"}"),
        new Case(
            "METHOD_NOT_ALLOWED",
            405,
            405,
            true,
            gateway,
            harness ->
                harness.bareRequest(
                    "/graphql?query=" + URLEncoder.encode(MUTATION, StandardCharsets.UTF_8),
                    "partner-key")),
        post(
            "PAYLOAD_TOO_LARGE",
            413,
            413,
            "partner-key",
            "{\"query\":\"" + " ".repeat((int) GatewayHarness.MAX_BODY) + "{ __typename }\"}"),
        new Case(
            "UNSUPPORTED_MEDIA_TYPE",
            415,
            415,
            true,
            gateway,
            harness ->
                harness
                    .bareRequest("/graphql", "partner-key")
                    .header("Content-Type", "text/plain")
                    .POST(HttpRequest.BodyPublishers.ofString(TYPENAME))),
        post(
            "RATE_LIMITED",
            429,
            200,
            "small-key",
            json(Map.of("query", fixture("s000-10-page-series-n5")))),
        new Case(
            "BUDGET_STORE_UNAVAILABLE",
            503,
            503,
            false,
            storeDown,
            harness -> postRequest(harness, "partner-key", TYPENAME)),
        new Case(
            "UPSTREAM_ERROR",
            502,
            502,
            true,
            failing,
            harness -> postRequest(harness, "partner-key", TYPENAME)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusals")
  void refusal_bothMediaTypes_statusPerTypeSameBodyAndHeaders(Case refusal) {
    List<HttpResponse<String>> answers = new ArrayList<>();
    for (String accept : GRAPHQL_ACCEPTS) {
      HttpResponse<String> answer = send(refusal, accept);
      assertAnswer(refusal, answer, refusal.graphqlStatus(), GRAPHQL);
      answers.add(answer);
    }
    for (String accept : JSON_ACCEPTS) {
      HttpResponse<String> answer = send(refusal, accept);
      assertAnswer(refusal, answer, refusal.jsonStatus(), "application/json");
      answers.add(answer);
    }
    HttpResponse<String> first = answers.get(0);
    for (HttpResponse<String> answer : answers) {
      // an upstream failure is admitted, so charged: each answer has its own balance
      if (refusal.code().equals("UPSTREAM_ERROR")) {
        assertThat(clientHeaders(answer).keySet()).isEqualTo(clientHeaders(first).keySet());
        continue;
      }
      assertThat(answer.body()).isEqualTo(first.body());
      assertThat(clientHeaders(answer)).isEqualTo(clientHeaders(first));
    }
  }

  @Test
  void refusals_coverEveryGatewayRefusalCode() {
    List<String> codes = refusals().map(Case::code).distinct().toList();

    // every code of the README's status table of /graphql, 26 of them
    assertThat(codes).hasSize(26);
  }

  @Test
  void rateLimited_inApplicationJson_200KeepsRetryAfterAndRateLimitHeaders() {
    HttpResponse<String> answer =
        gateway.send(
            postRequest(
                    gateway, "small-key", json(Map.of("query", fixture("s000-10-page-series-n5"))))
                .build());

    assertThat(answer.statusCode()).isEqualTo(200);
    // 1,000 - 901 = 99 left; 901 - 99 = 802 short at 10 units/s: 81 s (rounded up)
    assertThat(answer.headers().firstValue("Retry-After")).hasValue("81");
    assertThat(answer.headers().firstValue("X-RateLimit-Remaining")).hasValue("99");
    assertThat(answer.headers().firstValue("X-RateLimit-Limit")).hasValue("1000");
    assertThat(body(answer).at("/errors/0/extensions/code").asText()).isEqualTo("RATE_LIMITED");
  }

  /* ---- cases ---- */

  private static Case post(
      String code, int graphqlStatus, int jsonStatus, String key, String body) {
    return new Case(
        code, graphqlStatus, jsonStatus, true, gateway, harness -> postRequest(harness, key, body));
  }

  private static Case query(String code, String text) {
    return query(code, 400, text);
  }

  private static Case query(String code, int graphqlStatus, String text) {
    return post(code, graphqlStatus, 200, "partner-key", json(Map.of("query", text)));
  }

  private static String apq(String hash, @Nullable String text) {
    Map<String, Object> body = new LinkedHashMap<>();
    if (text != null) {
      body.put("query", text);
    }
    body.put("extensions", Map.of("persistedQuery", Map.of("version", 1, "sha256Hash", hash)));
    return json(body);
  }

  private static HttpRequest.Builder postRequest(GatewayHarness harness, String key, String body) {
    return harness
        .bareRequest("/graphql", key)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body));
  }

  /* ---- assertions ---- */

  private static HttpResponse<String> send(Case refusal, @Nullable String accept) {
    HttpRequest.Builder request = refusal.request().apply(refusal.on());
    if (accept != null) {
      request.setHeader("Accept", accept);
    }
    return refusal.on().send(request.build());
  }

  private static void assertAnswer(
      Case refusal, HttpResponse<String> answer, int status, String mediaType) {
    assertThat(answer.statusCode()).as("%s: %s", refusal, answer.body()).isEqualTo(status);
    assertThat(answer.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith(mediaType));
    JsonNode body = body(answer);
    List<JsonNode> results = new ArrayList<>();
    if (body.isArray()) {
      body.forEach(results::add);
    } else {
      results.add(body);
    }
    for (JsonNode result : results) {
      assertThat(result.at("/errors/0/extensions/code").asText()).isEqualTo(refusal.code());
      assertThat(result.has("data")).isFalse();
      assertBalance(refusal, answer, result);
    }
    if (refusal.code().equals("METHOD_NOT_ALLOWED")) {
      assertThat(answer.headers().firstValue("Allow")).hasValue("POST");
    }
    if (refusal.code().equals("RATE_LIMITED")
        || refusal.code().equals("BUDGET_STORE_UNAVAILABLE")) {
      assertThat(answer.headers().firstValue("Retry-After")).isPresent();
    }
  }

  /** The balance is in the body and the headers alike, or in neither. */
  private static void assertBalance(Case refusal, HttpResponse<String> answer, JsonNode result) {
    JsonNode rateLimit = result.at("/extensions/rateLimit");
    if (!refusal.balance()) {
      assertThat(rateLimit.isMissingNode()).as(refusal.code()).isTrue();
      assertThat(answer.headers().firstValue("X-RateLimit-Remaining")).isEmpty();
      return;
    }
    assertThat(rateLimit.isObject()).as("%s: %s", refusal, answer.body()).isTrue();
    assertThat(answer.headers().firstValue("X-RateLimit-Remaining"))
        .hasValue(rateLimit.get("remaining").asText());
    assertThat(answer.headers().firstValue("X-RateLimit-Reset"))
        .hasValue(rateLimit.get("resetIn").asText());
    assertThat(answer.headers().firstValue("X-RateLimit-Limit")).isPresent();
  }

  /** The headers a client reads off a refusal, by lower-cased name. */
  private static Map<String, List<String>> clientHeaders(HttpResponse<String> answer) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (String name :
        List.of(
            "retry-after",
            "allow",
            "x-ratelimit-limit",
            "x-ratelimit-remaining",
            "x-ratelimit-reset",
            "cache-control",
            "vary")) {
      List<String> values = answer.headers().allValues(name);
      if (!values.isEmpty()) {
        headers.put(name, values);
      }
    }
    return headers;
  }
}
