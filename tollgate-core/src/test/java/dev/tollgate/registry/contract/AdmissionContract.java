package dev.tollgate.registry.contract;

import static dev.tollgate.registry.contract.ContractClient.GRAPHQL_RESPONSE;
import static dev.tollgate.registry.contract.ContractClient.JSON_TYPE;
import static dev.tollgate.registry.contract.ContractClient.NO_CACHE;
import static dev.tollgate.registry.contract.ContractClient.answer;
import static dev.tollgate.registry.contract.ContractClient.apq;
import static dev.tollgate.registry.contract.ContractClient.assertBalanceHeaders;
import static dev.tollgate.registry.contract.ContractClient.codes;
import static dev.tollgate.registry.contract.ContractClient.read;
import static dev.tollgate.registry.contract.ContractClient.tree;
import static dev.tollgate.registry.contract.ContractFixture.OPEN_KEY;
import static dev.tollgate.registry.contract.ContractFixture.PAGE;
import static dev.tollgate.registry.contract.ContractFixture.REGISTER;
import static dev.tollgate.registry.contract.ContractFixture.SAFELIST_KEY;
import static dev.tollgate.registry.contract.ContractFixture.TIGHT_KEY;
import static dev.tollgate.registry.contract.ContractFixture.TRACK;
import static dev.tollgate.registry.contract.ContractFixture.TRUSTED_KEY;
import static dev.tollgate.registry.contract.ContractFixture.UNKNOWN_KEY;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.registry.document.DocumentHash;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The admission contract of {@code /graphql}, the same for every way in: a subclass says where
 * ({@link #wayIn()}) and sets it up from {@link ContractFixture}; the cases are here, once. The
 * gateway runs them in registry-server's {@code GatewayContractTest}, the Spring Boot starter in
 * examples/spring-graphql's {@code InProcessContractTest}.
 *
 * <p>Each case asserts, as a client sees it over HTTP: the status in both media types ({@code
 * application/graphql-response+json}: the code's status; {@code application/json}: 200, but 401 and
 * 405 in both), the code and, where the gateway's is fixed, the message; the same errors in both;
 * {@code extensions.cost} and {@code extensions.rateLimit}; the headers ({@code X-RateLimit-*},
 * {@code Retry-After}, {@code Allow}, {@code Cache-Control}); and the calls behind the way in: none
 * on a refusal.
 *
 * <p>Left out, deliberately, as the gateway's alone: its response cache (a registered query by GET
 * may be answered {@code Cache-Control: public|private, max-age=N} with an ETag, and {@code
 * If-None-Match} gives a 304), so the contract asserts no {@code Cache-Control} on an admitted GET;
 * {@code Vary} (it names the gateway's forwarded upstream headers); batches; the upstream's faults.
 */
public abstract class AdmissionContract {

  private static final DocumentHash PAGE_ID = DocumentHash.of(PAGE);
  private static final DocumentHash TRACK_ID = DocumentHash.of(TRACK);
  private static final DocumentHash REGISTER_ID = DocumentHash.of(REGISTER);

  /** Where the cases are sent, and the calls behind it. */
  protected abstract WayIn wayIn();

  /* ---- admitted ---- */

  @Test
  void apqHash_post_runsWithTheCostAndTheBalance() {
    long before = wayIn().calls();

    HttpResponse<String> response =
        client()
            .post(
                TRUSTED_KEY,
                GRAPHQL_RESPONSE,
                Map.of(
                    "variables", Map.of("n", 5),
                    "extensions", apq(PAGE_ID)));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith(GRAPHQL_RESPONSE));
    JsonNode body = read(response);
    assertThat(body.has("errors")).as(response.body()).isFalse();
    assertThat(body.get("data")).isEqualTo(answer(PAGE));
    // estimated 1 + 3 * 5 = 16 (n = 5); actual 1 + 3 * 3 = 10 (3 cargos answered); max the book's
    assertThat(body.at("/extensions/cost"))
        .isEqualTo(tree(Map.of("estimated", 16, "max", 1000, "actual", 10)));
    assertThat(body.at("/extensions/rateLimit/cost").asLong()).isEqualTo(16);
    assertBalanceHeaders(response, body, 10_000);
    assertThat(response.headers().firstValue("Cache-Control")).hasValue(NO_CACHE);
    assertThat(wayIn().calls()).isGreaterThan(before);
  }

  @Test
  void rateLimitHeaders_onAnAdmittedRequest_areTheBalanceOfTheBody() {
    HttpResponse<String> response =
        client()
            .post(
                TRUSTED_KEY,
                JSON_TYPE,
                Map.of("documentId", TRACK_ID.hex(), "variables", Map.of("id", "ABC123")));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode body = read(response);
    // cargo 1 + trackingId 1 + origin 1 + code 1 = 4, charged in full
    assertThat(body.at("/extensions/rateLimit/cost").asLong()).isEqualTo(4);
    // the bucket holds at most its capacity, 10,000, and this request took 4 of it
    assertThat(body.at("/extensions/rateLimit/remaining").asLong()).isBetween(0L, 9_996L);
    assertBalanceHeaders(response, body, 10_000);
    assertThat(response.headers().firstValue("Retry-After")).isEmpty();
  }

  @Test
  void documentId_post_runs() {
    long before = wayIn().calls();

    HttpResponse<String> response =
        client()
            .post(
                TRUSTED_KEY,
                GRAPHQL_RESPONSE,
                Map.of(
                    "documentId", "sha256:" + TRACK_ID.hex(), "variables", Map.of("id", "ABC123")));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode body = read(response);
    assertThat(body.get("data")).isEqualTo(answer(TRACK));
    // cargo 1 + trackingId 1 + origin 1 + code 1 = 4, estimated and answered alike
    assertThat(body.at("/extensions/cost"))
        .isEqualTo(tree(Map.of("estimated", 4, "max", 1000, "actual", 4)));
    assertThat(wayIn().calls()).isGreaterThan(before);
  }

  @Test
  void documentId_get_runs() {
    long before = wayIn().calls();

    HttpResponse<String> response =
        client()
            .get(
                TRUSTED_KEY,
                JSON_TYPE,
                Map.of("documentId", TRACK_ID.hex(), "variables", "{\"id\":\"ABC123\"}"));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode body = read(response);
    assertThat(body.get("data")).isEqualTo(answer(TRACK));
    // 4, as by POST
    assertThat(body.at("/extensions/cost/estimated").asLong()).isEqualTo(4);
    assertBalanceHeaders(response, body, 10_000);
    assertThat(wayIn().calls()).isGreaterThan(before);
  }

  @Test
  void openKey_text_runsFullyAnalysed() {
    long before = wayIn().calls();

    HttpResponse<String> response =
        client()
            .post(OPEN_KEY, GRAPHQL_RESPONSE, Map.of("query", PAGE, "variables", Map.of("n", 5)));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode body = read(response);
    assertThat(body.get("data")).isEqualTo(answer(PAGE));
    // analysed as registered: 1 + 3 * 5 = 16; 3 cargos answered: 1 + 3 * 3 = 10
    assertThat(body.at("/extensions/cost"))
        .isEqualTo(tree(Map.of("estimated", 16, "max", 1000, "actual", 10)));
    assertBalanceHeaders(response, body, 100_000);
    assertThat(wayIn().calls()).isGreaterThan(before);
  }

  /* ---- refused ---- */

  @Test
  void unknownDocumentId_refusedNotInList() {
    DocumentHash unknown = DocumentHash.of("{ cargos { edges { cursor } } }");

    Refused refused =
        refusedInBoth(
            TRUSTED_KEY,
            Map.of("documentId", unknown.hex()),
            404,
            200,
            "PERSISTED_QUERY_NOT_IN_LIST");

    assertThat(refused.body().at("/errors/0/message").asText())
        .isEqualTo("Persisted query " + unknown + " not found in the persisted query list");
    assertThat(refused.body().at("/extensions/rateLimit/cost").asLong()).isZero();
  }

  @Test
  void unknownApqHash_openKey_refusedNotFound_200InBoth() {
    DocumentHash unknown = DocumentHash.of("{ cargos { edges { cursor } } }");

    Refused refused =
        refusedInBoth(
            OPEN_KEY, Map.of("extensions", apq(unknown)), 200, 200, "PERSISTED_QUERY_NOT_FOUND");

    // Apollo clients resend the text on exactly this message
    assertThat(refused.body().at("/errors/0/message").asText()).isEqualTo("PersistedQueryNotFound");
  }

  @Test
  void text_underATrustedKeyRequiringIds_refusedIdRequired() {
    Refused refused =
        refusedInBoth(TRUSTED_KEY, Map.of("query", PAGE), 400, 200, "PERSISTED_QUERY_ID_REQUIRED");

    assertThat(refused.body().at("/errors/0/message").asText())
        .isEqualTo(
            "This key must send a document id (documentId or extensions.persistedQuery), not"
                + " query text");
  }

  @Test
  void unregisteredText_underATrustedKey_refusedNotInSafelist() {
    Refused refused =
        refusedInBoth(
            SAFELIST_KEY,
            Map.of("query", "{ cargos { edges { cursor } } }"),
            403,
            200,
            "QUERY_NOT_IN_SAFELIST");

    assertThat(refused.body().at("/errors/0/message").asText())
        .isEqualTo(
            "Query was not in the safelist: only registered documents may run with this key");
  }

  @Test
  void unknownKey_401InBothMediaTypes_noBalance() {
    Refused refused =
        refusedInBoth(
            UNKNOWN_KEY, Map.of("documentId", PAGE_ID.hex()), 401, 401, "UNAUTHENTICATED");

    assertThat(refused.body().at("/errors/0/message").asText()).isEqualTo("unknown API key");
    // no policy, so no balance: nothing charged, nothing reported
    assertThat(refused.body().at("/extensions/rateLimit").isMissingNode()).isTrue();
    assertThat(refused.response().headers().firstValue("X-RateLimit-Remaining")).isEmpty();
  }

  @Test
  void overBudget_429WithRetryAfter() {
    Map<String, Object> request = Map.of("variables", Map.of("n", 5), "extensions", apq(PAGE_ID));
    // 20 units: the first page of 5 (16) leaves 4
    HttpResponse<String> first = client().post(TIGHT_KEY, JSON_TYPE, request);
    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    assertThat(read(first).at("/extensions/rateLimit/remaining").asLong()).isEqualTo(4);

    Refused refused = refusedInBoth(TIGHT_KEY, request, 429, 200, "RATE_LIMITED");

    // 16 - 4 = 12 units missing at 0.001/s: 12,000 s (a little less once some refilled)
    assertThat(refused.response().headers().firstValue("Retry-After"))
        .hasValueSatisfying(
            seconds -> assertThat(Long.parseLong(seconds)).isBetween(11_900L, 12_000L));
    String retryAfter = refused.response().headers().firstValue("Retry-After").orElseThrow();
    assertThat(refused.body().at("/errors/0/message").asText())
        .isEqualTo(
            "Rate limit exceeded: this request costs 16, 4 remaining; retry in "
                + retryAfter
                + " s");
    assertThat(refused.body().at("/errors/0/extensions/retryAfter").asText()).isEqualTo(retryAfter);
    assertThat(refused.body().at("/extensions/rateLimit/cost").asLong()).isZero();
    assertThat(refused.body().at("/extensions/cost/estimated").asLong()).isEqualTo(16);
  }

  @Test
  void overTheCostMaximum_refusedAndNotCharged() {
    Refused refused =
        refusedInBoth(
            SAFELIST_KEY,
            Map.of("documentId", PAGE_ID.hex(), "variables", Map.of("n", 400)),
            400,
            200,
            "COST_ESTIMATED_TOO_EXPENSIVE");

    JsonNode body = refused.body();
    // 1 + 3 * 400 = 1,201 over the book's 1,000
    assertThat(body.at("/errors/0/message").asText())
        .isEqualTo("maximum query complexity exceeded 1201 > 1000");
    assertThat(body.at("/errors/0/extensions/cost/estimated").asLong()).isEqualTo(1_201);
    assertThat(body.at("/errors/0/extensions/cost/max").asLong()).isEqualTo(1_000);
    // the contract never charges this key: its bucket stays full, 10,000
    assertThat(body.at("/extensions/rateLimit/cost").asLong()).isZero();
    assertThat(body.at("/extensions/rateLimit/remaining").asLong()).isEqualTo(10_000);
    assertThat(refused.response().headers().firstValue("X-RateLimit-Remaining")).hasValue("10000");
  }

  @Test
  void mutationByGet_405AllowPostInBothMediaTypes() {
    long before = wayIn().calls();

    HttpResponse<String> json =
        client().get(TRUSTED_KEY, JSON_TYPE, Map.of("documentId", REGISTER_ID.hex()));
    HttpResponse<String> strict =
        client().get(TRUSTED_KEY, GRAPHQL_RESPONSE, Map.of("documentId", REGISTER_ID.hex()));

    for (HttpResponse<String> response : List.of(json, strict)) {
      assertThat(response.statusCode()).as(response.body()).isEqualTo(405);
      assertThat(response.headers().firstValue("Allow")).hasValue("POST");
      assertThat(response.headers().firstValue("Cache-Control")).hasValue(NO_CACHE);
      assertThat(codes(read(response))).containsExactly("METHOD_NOT_ALLOWED");
      assertThat(read(response).at("/errors/0/message").asText())
          .isEqualTo("mutations must be sent with POST");
      assertThat(read(response).has("data")).isFalse();
    }
    assertThat(read(json).get("errors")).isEqualTo(read(strict).get("errors"));
    assertThat(wayIn().calls()).isEqualTo(before);
  }

  @Test
  void openKey_overTheDepthLimit_refused() {
    Refused refused =
        refusedInBoth(
            OPEN_KEY,
            Map.of("query", ContractFixture.fixture("s000-04-deep16-first1")),
            400,
            200,
            "MAX_DEPTH_EXCEEDED");

    // the book's limit: depth 15
    assertThat(refused.body().at("/errors/0/message").asText())
        .isEqualTo("maximum query depth exceeded 16 > 15");
    assertThat(refused.body().at("/extensions/rateLimit/cost").asLong()).isZero();
  }

  @Test
  void openKey_overTheAliasLimit_refused() {
    Refused refused =
        refusedInBoth(
            OPEN_KEY,
            Map.of("query", ContractFixture.fixture("s000-12-alias-150")),
            400,
            200,
            "MAX_ALIASES_EXCEEDED");

    // the book's limit: 20 aliases
    assertThat(refused.body().at("/errors/0/message").asText())
        .isEqualTo("150 aliases found. Allowed: 20");
  }

  /* ---- helpers ---- */

  /** A refusal as answered in {@code application/graphql-response+json}. */
  protected record Refused(HttpResponse<String> response, JsonNode body) {}

  /**
   * Sends {@code request} by POST in both media types and asserts what every refusal shares: the
   * statuses, the code, the same errors and no {@code data} in both, {@code Cache-Control}, the
   * balance headers agreeing with the body, and no call behind the way in.
   */
  protected Refused refusedInBoth(
      String key, Map<String, ?> request, int strictStatus, int jsonStatus, String code) {
    long before = wayIn().calls();

    HttpResponse<String> strict = client().post(key, GRAPHQL_RESPONSE, request);
    HttpResponse<String> json = client().post(key, JSON_TYPE, request);

    assertThat(strict.statusCode()).as(strict.body()).isEqualTo(strictStatus);
    assertThat(json.statusCode()).as(json.body()).isEqualTo(jsonStatus);
    assertThat(strict.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith(GRAPHQL_RESPONSE));
    JsonNode strictBody = read(strict);
    JsonNode jsonBody = read(json);
    assertThat(codes(strictBody)).containsExactly(code);
    assertThat(codes(jsonBody)).containsExactly(code);
    if (!code.equals("RATE_LIMITED")) {
      // a RATE_LIMITED message names the seconds to wait, which may tick between the two
      assertThat(jsonBody.get("errors")).isEqualTo(strictBody.get("errors"));
    }
    for (HttpResponse<String> response : List.of(strict, json)) {
      JsonNode body = read(response);
      assertThat(body.has("data")).as(response.body()).isFalse();
      assertThat(response.headers().firstValue("Cache-Control")).hasValue(NO_CACHE);
      if (body.at("/extensions/rateLimit").isObject()) {
        assertBalanceHeaders(response, body, -1);
      }
    }
    assertThat(wayIn().calls()).isEqualTo(before);
    return new Refused(strict, strictBody);
  }

  private ContractClient client() {
    return new ContractClient(wayIn());
  }
}
