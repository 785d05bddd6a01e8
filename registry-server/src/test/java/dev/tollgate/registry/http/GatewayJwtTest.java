package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jwt.JWTClaimsSet;
import dev.tollgate.registry.auth.JwtSettings.OnJwksFailure;
import dev.tollgate.registry.auth.TestTokens;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 27, items 2 and 3: callers identified by {@code Authorization: Bearer <JWT>} ({@code
 * auth.jwt}, a JWK set file of an RSA and an EC key made in the test), over real HTTP. Scope {@code
 * web} maps to the harness's {@code trusted} policy (10,000 units, refilled at 100/s, app web), and
 * the budget is per subject ({@code sub}). The harness's clock does not move unless a test moves
 * it, so no bucket refills between requests.
 */
final class GatewayJwtTest {

  private static final String CARGO =
      "query Cargo { cargo(trackingId: \"ABC123\") { id trackingId } }";

  /** The price the registered query is published at. */
  private static final long PRICE = 50;

  @TempDir static Path dir;
  private static final TestTokens TOKENS = new TestTokens();

  @AutoClose
  private final GatewayHarness gateway =
      GatewayHarness.startWith(
          TestTokens.settings(
              TOKENS.jwksFile(dir).toString(), null, OnJwksFailure.UNAVAILABLE, 100_000));

  private final DocumentHash cargo =
      gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, PRICE);

  private Instant now() {
    return gateway.clock.instant();
  }

  /* ---- a good token ---- */

  @Test
  void get_twoSubjects_eachChargedOnItsOwnBucket() {
    String alice = TOKENS.rs256("alice", "web", now());
    String bob = TOKENS.rs256(TestTokens.claims("bob", "web", now()).build());

    HttpResponse<String> aliceFirst = get(alice);
    HttpResponse<String> aliceSecond = get(alice);
    HttpResponse<String> bobFirst = get(bob);
    HttpResponse<String> byKey = gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(aliceFirst.statusCode()).as(aliceFirst.body()).isEqualTo(200);
    // 10,000 - 50 = 9,950; then 9,950 - 50 = 9,900 (the clock has not moved: no refill)
    assertThat(aliceFirst.headers().firstValue("X-RateLimit-Remaining")).hasValue("9950");
    assertThat(aliceSecond.headers().firstValue("X-RateLimit-Remaining")).hasValue("9900");
    assertThat(aliceSecond.headers().firstValue("X-RateLimit-Limit")).hasValue("10000");
    // 100 units missing at 100/s: full again in 1 s
    assertThat(aliceSecond.headers().firstValue("X-RateLimit-Reset")).hasValue("1");
    // bob's bucket is his own, and the trusted key's is the policy's: each 10,000 - 50
    assertThat(bobFirst.headers().firstValue("X-RateLimit-Remaining")).hasValue("9950");
    assertThat(byKey.headers().firstValue("X-RateLimit-Remaining")).hasValue("9950");
    assertThat(body(bobFirst).at("/extensions/rateLimit/remaining").asLong()).isEqualTo(9950);
  }

  @Test
  void post_es256Token_admitted() {
    String token = TOKENS.es256(TestTokens.claims("carol", "web", now()).build());

    HttpResponse<String> response = post(token);

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("9950");
  }

  @Test
  void post_tokenWithSeveralScopes_thePolicyOfTheOneThatMaps() {
    String token = TOKENS.rs256("dave", "openid email web", now());

    HttpResponse<String> response = post(token);

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }

  @Test
  void get_verifiedToken_forwardedUpstreamAndTheAnswerCachedPerToken() {
    String alice = TOKENS.rs256("alice", "web", now());
    String bob = TOKENS.rs256("bob", "web", now());

    get(alice);
    HttpResponse<String> aliceAgain = get(alice);
    HttpResponse<String> bobFirst = get(bob);

    // alice's second GET from the cache; bob's token is another credential: upstream again
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
    assertThat(aliceAgain.headers().firstValue("Age")).hasValue("0");
    assertThat(bobFirst.headers().firstValue("Age")).isEmpty();
    assertThat(aliceAgain.headers().firstValue("Cache-Control")).hasValue("private, max-age=60");
    // Authorization is forwarded by default (upstream.forwardHeaders): the verified token as sent
    assertThat(gateway.upstream.requests().get(0).headers().get("authorization"))
        .containsExactly("Bearer " + alice);
    assertThat(gateway.upstream.requests().get(1).headers().get("authorization"))
        .containsExactly("Bearer " + bob);
  }

  @Test
  void post_tokenExpiresWhileCached_refusedOnceExpired() {
    String token = TOKENS.rs256("erin", "web", now());
    assertThat(post(token).statusCode()).isEqualTo(200);

    // an hour of validity, plus the 60 s skew, plus one second
    gateway.clock.advance(Duration.ofSeconds(3600 + 60 + 1));
    HttpResponse<String> response = post(token);

    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(message(response)).isEqualTo("bearer token expired");
  }

  @Test
  void post_keyAndToken_400FromTheHeaders() {
    String token = TOKENS.rs256("frank", "web", now());

    HttpResponse<String> response =
        gateway.send(
            gateway
                .request("/graphql", "trusted-key")
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(queryBody()))
                .build());

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(code(response)).isEqualTo("BAD_REQUEST");
    assertThat(message(response))
        .isEqualTo("send X-API-Key or an Authorization: Bearer token, not both");
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void post_basicAuthorization_notACredential_anonymous() {
    HttpResponse<String> response =
        gateway.send(
            gateway
                .request("/graphql", null)
                .header("Authorization", "Basic dXNlcjpwYXNz")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(queryBody()))
                .build());

    // the anonymous policy (trusted, app web) runs the registered query on its own bucket
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("9950");
  }

  /* ---- bad tokens ---- */

  static Stream<Arguments> badTokens() {
    Instant now = Instant.parse("2026-01-01T00:00:00Z");
    JWTClaimsSet good = TestTokens.claims("mallory", "web", now).build();
    return Stream.of(
        Arguments.of(
            "expired",
            TOKENS.rs256("mallory", now, c -> c.expirationTime(Date.from(now.minusSeconds(61)))),
            "bearer token expired"),
        Arguments.of(
            "not yet valid",
            TOKENS.rs256("mallory", now, c -> c.notBeforeTime(Date.from(now.plusSeconds(61)))),
            "bearer token is not valid yet (nbf)"),
        Arguments.of(
            "no expiry",
            TOKENS.rs256("mallory", now, c -> c.expirationTime(null)),
            "bearer token has no expiry (exp)"),
        Arguments.of(
            "bad signature",
            TestTokens.foreignKey(good, "rsa-1"),
            "bearer token signature does not verify"),
        Arguments.of(
            "unknown kid",
            TestTokens.foreignKey(good, "rsa-2"),
            "bearer token names a signing key (kid) that the JWK set does not hold"),
        Arguments.of(
            "alg none",
            TestTokens.unsigned(good),
            "bearer token is not signed (alg none, or encrypted): RS256 or ES256 only"),
        Arguments.of(
            "HS256 with the RSA public key",
            TOKENS.hs256WithThePublicKey(good),
            "bearer token algorithm is not accepted: RS256 or ES256 only"),
        Arguments.of(
            "wrong issuer",
            TOKENS.rs256("mallory", now, c -> c.issuer("https://elsewhere.test/")),
            "bearer token issuer (iss) is not the one configured (auth.jwt.issuer)"),
        Arguments.of(
            "wrong audience",
            TOKENS.rs256("mallory", now, c -> c.audience("another-api")),
            "bearer token audience (aud) does not hold the one configured (auth.jwt.audience)"),
        Arguments.of(
            "over the size bound",
            // 3,500 bytes of claim are 4,667 of base64url: over 4,096, under Jetty's 8 KB
            TOKENS.rs256("mallory", now, c -> c.claim("padding", "x".repeat(3500))),
            "bearer token is larger than auth.jwt.maxTokenBytes (4096)"),
        Arguments.of(
            "a scope that maps to no policy",
            TOKENS.rs256("mallory", "admin", now),
            "bearer token's scope claim maps to no policy (auth.jwt.policies)"),
        Arguments.of(
            "no subject",
            TOKENS.rs256("mallory", now, c -> c.subject(null)),
            "bearer token has no sub claim (auth.jwt.subjectClaim)"),
        Arguments.of("not a JWT", "not-a-jwt", "bearer token is not a JWT"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badTokens")
  void post_badToken_401WithoutTheTokenAndNoUpstreamCall(
      String what, String token, String message) {
    HttpResponse<String> response = post(token);

    assertThat(response.statusCode()).as(response.body()).isEqualTo(401);
    assertThat(code(response)).isEqualTo("UNAUTHENTICATED");
    assertThat(message(response)).isEqualTo(message);
    assertThat(response.body()).doesNotContain(token).doesNotContain("mallory");
    assertThat(response.headers().firstValue("X-RateLimit-Limit")).isEmpty();
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void post_expiredToken_bodyNeverSent_401BeforeTheBody() throws IOException {
    String token =
        TOKENS.rs256("mallory", now(), c -> c.expirationTime(Date.from(now().minusSeconds(61))));
    String head =
        "POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Authorization: Bearer "
            + token
            + "\r\nContent-Length: 100000\r\n\r\n";
    try (Socket socket = new Socket("127.0.0.1", gateway.port())) {
      // far below the 5 s body read timeout: the answer does not wait for the body
      socket.setSoTimeout(1_000);
      socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));

      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(answer).startsWith("HTTP/1.1 401 ").contains("Connection: close\r\n");
      assertThat(answer)
          .endsWith(
              "{\"errors\":[{\"message\":\"bearer token expired\","
                  + "\"extensions\":{\"code\":\"UNAUTHENTICATED\"}}]}");
    }
    assertThat(gateway.upstreamCalls()).isZero();
  }

  /* ---- helpers ---- */

  private HttpResponse<String> get(String token) {
    return gateway.send(
        gateway
            .request("/graphql?documentId=" + cargo.hex(), null)
            .header("Authorization", "Bearer " + token)
            .GET()
            .build());
  }

  private HttpResponse<String> post(String token) {
    return gateway.send(
        gateway
            .request("/graphql", null)
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(queryBody()))
            .build());
  }

  private String queryBody() {
    return GatewayHarness.json(Map.of("documentId", cargo.hex()));
  }

  private static String code(HttpResponse<String> response) {
    return body(response).at("/errors/0/extensions/code").asText();
  }

  private static String message(HttpResponse<String> response) {
    JsonNode body = body(response);
    return body.at("/errors/0/message").asText();
  }
}
