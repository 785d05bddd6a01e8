package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.JSON;
import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.upstream.RawUpstream;
import dev.tollgate.registry.upstream.UpstreamSettings;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The caller's identity reaches the upstream (issue 11, section 1): a real HTTP upstream that
 * records what it receives ({@link RawUpstream}), Java's HttpClient as the caller.
 */
final class GatewayHeaderPropagationTest {

  private static final String CARGO =
      "query Cargo($id: ID) { cargo(trackingId: \"ABC123\") { id trackingId } }";
  private static final String ANSWER = "{\"data\":{\"cargo\":{\"id\":\"1\"}}}";

  private RawUpstream fake;
  private GatewayHarness gateway;
  private DocumentHash cargo;

  @AfterEach
  void stop() throws IOException {
    if (gateway != null) {
      gateway.close();
    }
    if (fake != null) {
      fake.close();
    }
  }

  @Test
  void post_defaultForwardHeaders_copiedAndOthersNot() {
    start(true, List.of());

    HttpResponse<String> response =
        gateway.send(callerRequest("{\"documentId\":\"" + cargo.hex() + "\"}"));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    RawUpstream.Request received = fake.requests().get(0);
    assertThat(received.header("authorization")).isEqualTo("Bearer alice");
    assertThat(received.header("cookie")).isEqualTo("sid=alice");
    assertThat(received.header("traceparent"))
        .isEqualTo("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
    assertThat(received.header("tracestate")).isEqualTo("vendor=1");
    assertThat(received.header("baggage")).isEqualTo("user=alice");
    assertThat(received.header("x-request-id")).isEqualTo("r-1");
    assertThat(received.header("accept-language")).isEqualTo("fr-CH");
    // not in upstream.forwardHeaders, and Tollgate's own credential: never
    assertThat(received.headers()).doesNotContainKeys("x-custom", "x-api-key");
  }

  @Test
  void post_staticHeadersAndIdentity_added() {
    start(true, List.of());

    gateway.send(callerRequest("{\"documentId\":\"" + cargo.hex() + "\"}"));

    RawUpstream.Request received = fake.requests().get(0);
    assertThat(received.header("x-internal-secret")).isEqualTo("s3cret");
    assertThat(received.header("x-tollgate-client")).isEqualTo("trusted");
    assertThat(received.header("x-tollgate-operation")).isEqualTo("Cargo");
  }

  @Test
  void post_identifyClientOff_noTollgateHeaders() {
    start(false, List.of());

    gateway.send(callerRequest("{\"documentId\":\"" + cargo.hex() + "\"}"));

    assertThat(fake.requests().get(0).headers())
        .doesNotContainKeys("x-tollgate-client", "x-tollgate-operation");
  }

  @Test
  void post_upstreamSetCookieAndReturnHeaders_backToTheCaller() {
    start(true, List.of("x-upstream-trace"));

    HttpResponse<String> response =
        gateway.send(callerRequest("{\"documentId\":\"" + cargo.hex() + "\"}"));

    assertThat(response.headers().allValues("set-cookie")).containsExactly("a=1", "b=2; Secure");
    assertThat(response.headers().firstValue("x-upstream-trace")).hasValue("t-1");
    assertThat(response.headers().firstValue("x-powered-by")).isEmpty();
    assertThat(body(response).at("/data/cargo/id").asText()).isEqualTo("1");
  }

  @Test
  void post_undeclaredVariables_droppedBeforeTheUpstream() throws Exception {
    start(true, List.of());

    gateway.send(
        callerRequest(
            "{\"documentId\":\""
                + cargo.hex()
                + "\",\"variables\":{\"id\":\"A\",\"extra\":\""
                + "x".repeat(1_000)
                + "\"}}"));

    assertThat(JSON.readTree(fake.requests().get(0).body()).get("variables"))
        .isEqualTo(JSON.readTree("{\"id\":\"A\"}"));
  }

  @Test
  void post_openModeUndeclaredVariables_dropped() throws Exception {
    start(true, List.of());
    String query = "query Page($n: Int) { cargos(first: $n) { edges { node { id } } } }";

    HttpResponse<String> response =
        gateway.post(
            "partner-key",
            Map.of("query", query, "variables", Map.of("n", 2, "undeclared", List.of(1, 2, 3))));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(JSON.readTree(fake.requests().get(0).body()).get("variables"))
        .isEqualTo(JSON.readTree("{\"n\":2}"));
  }

  @Test
  void get_twoCredentials_eachGetsItsOwnAnswerAndItsOwnCacheEntry() {
    fake =
        RawUpstream.start(
            exchange ->
                exchange.answer(
                    200,
                    "application/json",
                    "{\"data\":{\"who\":\"" + exchange.request().header("authorization") + "\"}}"));
    gateway = GatewayHarness.startWith(UpstreamSettings.DEFAULTS.withUrl(fake.uri().toString()));
    cargo = gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);
    Map<String, String> byId = Map.of("documentId", cargo.hex());

    HttpResponse<String> alice = gateway.get("trusted-key", byId, "Authorization", "Bearer alice");
    HttpResponse<String> bob = gateway.get("trusted-key", byId, "Authorization", "Bearer bob");
    HttpResponse<String> aliceAgain =
        gateway.get("trusted-key", byId, "Authorization", "Bearer alice");

    assertThat(body(alice).at("/data/who").asText()).isEqualTo("Bearer alice");
    assertThat(body(bob).at("/data/who").asText()).isEqualTo("Bearer bob");
    assertThat(body(aliceAgain).at("/data/who").asText()).isEqualTo("Bearer alice");
    // alice's repeat is answered from her own entry of the response cache (keyed by credential)
    assertThat(fake.requests()).hasSize(2);
  }

  private void start(boolean identifyClient, List<String> returnHeaders) {
    fake =
        RawUpstream.start(
            RawUpstream.json(
                200,
                ANSWER,
                "Set-Cookie",
                "a=1",
                "Set-Cookie",
                "b=2; Secure",
                "X-Upstream-Trace",
                "t-1",
                "X-Powered-By",
                "upstream 1.0"));
    UpstreamSettings upstream =
        UpstreamSettings.DEFAULTS
            .withUrl(fake.uri().toString())
            .withHeaderRules(
                UpstreamSettings.DEFAULTS.forwardHeaders(),
                Map.of("X-Internal-Secret", "s3cret"),
                identifyClient,
                returnHeaders,
                List.of());
    gateway = GatewayHarness.startWith(upstream);
    cargo = gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);
  }

  private HttpRequest callerRequest(String body) {
    return gateway
        .request("/graphql", "trusted-key")
        .header("Content-Type", "application/json")
        .header("Authorization", "Bearer alice")
        .header("Cookie", "sid=alice")
        .header("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
        .header("tracestate", "vendor=1")
        .header("baggage", "user=alice")
        .header("X-Request-Id", "r-1")
        .header("Accept-Language", "fr-CH")
        .header("X-Custom", "not forwarded")
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }
}
