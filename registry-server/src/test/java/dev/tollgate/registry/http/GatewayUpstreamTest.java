package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.upstream.RawUpstream;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The gateway in front of a real HTTP upstream that misbehaves ({@link RawUpstream}, raw sockets):
 * every failure is a 502 {@code UPSTREAM_ERROR} naming its cause within the deadline, a busy
 * upstream a 503 {@code UPSTREAM_BUSY}, none of them is charged, and upstream trouble never takes
 * the server's threads from {@code /health}.
 */
final class GatewayUpstreamTest {

  private static final String CARGO =
      "query Cargo { cargo(trackingId: \"ABC123\") { id trackingId } }";
  private static final int DEADLINE_MILLIS = 500;
  /** A loaded 2-core CI machine may start a thread or a connection late. */
  private static final long SLACK_MILLIS = 1_500;
  /** trusted-key's budget capacity (GatewayHarness). */
  private static final long CAPACITY = 10_000;

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

  /* ---- failures: 502, named, not charged ---- */

  @Test
  void post_headersThenOneBytePerSecond_502AtTheDeadlineNotCharged() {
    start(RawUpstream.slowBody("{\"data\":{\"cargo\":null}}                    ", 1_000), 16 << 20, 64);

    long started = System.nanoTime();
    HttpResponse<String> response = post();
    long elapsedMillis = (System.nanoTime() - started) / 1_000_000;

    assertUpstreamError(response, "upstream did not answer within 500 ms");
    assertThat(elapsedMillis).isLessThan(DEADLINE_MILLIS + SLACK_MILLIS);
    assertNotCharged(response);
  }

  @Test
  void post_endlessBody_502AtTheDeadline() {
    start(RawUpstream.endlessBody(2, 50), 16 << 20, 64);

    long started = System.nanoTime();
    HttpResponse<String> response = post();

    assertUpstreamError(response, "upstream did not answer within 500 ms");
    assertThat((System.nanoTime() - started) / 1_000_000)
        .isLessThan(DEADLINE_MILLIS + SLACK_MILLIS);
  }

  @Test
  void post_answerOverTheCap_502NamingTheCap() {
    start(RawUpstream.json(200, "{\"data\":{\"s\":\"" + "x".repeat(5_000) + "\"}}"), 4_096, 64);

    HttpResponse<String> response = post();

    assertUpstreamError(response, "upstream answer larger than 4096 bytes");
    assertNotCharged(response);
  }

  @Test
  void post_upstream500WithGraphqlErrors_502KeepingThem() {
    start(
        RawUpstream.json(500, "{\"errors\":[{\"message\":\"db down\"}],\"data\":null}"),
        16 << 20,
        64);

    HttpResponse<String> response = post();

    assertUpstreamError(
        response, "upstream answered HTTP 500 with GraphQL errors (extensions.upstream.errors)");
    JsonNode upstream = body(response).at("/errors/0/extensions/upstream");
    assertThat(upstream.at("/status").asInt()).isEqualTo(500);
    assertThat(upstream.at("/errors/0/message").asText()).isEqualTo("db down");
    assertNotCharged(response);
  }

  @Test
  void post_upstreamNotJson_502() {
    start(exchange -> exchange.answer(200, "text/html", "<html>oops</html>"), 16 << 20, 64);

    assertUpstreamError(post(), "upstream answered HTTP 200 with a body that is not JSON");
  }

  @Test
  void post_connectionRefused_502NamingIt() throws IOException {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    gateway =
        GatewayHarness.startWith(
            new ServerConfig.Upstream("http://127.0.0.1:" + port + "/graphql", DEADLINE_MILLIS));
    cargo = gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);

    HttpResponse<String> response = post();

    assertUpstreamError(response, "upstream connection refused: 127.0.0.1:" + port);
    assertNotCharged(response);
  }

  @Test
  void post_reset_502ConnectionReset() {
    start(RawUpstream.reset(), 16 << 20, 64);

    assertUpstreamError(post(), "upstream connection reset");
  }

  @Test
  void post_keptAliveConnectionClosedByTheUpstream_secondRequestStillAnswered() {
    start(RawUpstream.closesKeptAliveConnection("{\"data\":{\"cargo\":{\"id\":\"1\"}}}"), 16 << 20, 64);
    assertThat(post().statusCode()).isEqualTo(200);

    HttpResponse<String> second = post();

    assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
    assertThat(body(second).at("/data/cargo/id").asText()).isEqualTo("1");
  }

  /* ---- the in-flight cap ---- */

  @Test
  void post_pastMaxInFlight_503UpstreamBusyWithRetryAfterNotCharged() throws Exception {
    // a silent upstream holds each call until the deadline: 2 calls in flight, 10 refused
    start(RawUpstream.silent(), 16 << 20, 2, 3_000);
    HttpClient client = HttpClient.newHttpClient();
    List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      calls.add(client.sendAsync(postRequest(), HttpResponse.BodyHandlers.ofString()));
    }

    List<HttpResponse<String>> busy = new ArrayList<>();
    int timedOut = 0;
    for (CompletableFuture<HttpResponse<String>> call : calls) {
      HttpResponse<String> response = call.get();
      if (response.statusCode() == 503) {
        busy.add(response);
      } else if (response.statusCode() == 502) {
        timedOut++;
      }
    }

    assertThat(timedOut).isEqualTo(2);
    assertThat(busy).hasSize(10);
    HttpResponse<String> refused = busy.get(0);
    assertThat(body(refused).at("/errors/0/extensions/code").asText()).isEqualTo("UPSTREAM_BUSY");
    assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
    // all twelve were charged 3 and given them back
    assertThat(gateway.post("trusted-key", Map.of("documentId", DocumentHash.of("{ x }").hex())))
        .satisfies(
            r -> assertThat(body(r).at("/extensions/rateLimit/remaining").asLong()).isEqualTo(CAPACITY));
  }

  @Test
  void health_manySlowUpstreamCallsInFlight_stillAnswersAtOnce() throws Exception {
    // 120 requests at an upstream that takes 40 s to answer each; 8 of them may wait for it (until
    // the 3 s deadline), the other 112 are refused at once, so no server thread is left waiting
    // beyond those 8 and /health answers while they wait
    start(RawUpstream.slowBody("{\"data\":{\"cargo\":null}}                    ", 1_000), 16 << 20, 8, 3_000);
    assertThat(health().statusCode()).isEqualTo(200);
    HttpClient client = HttpClient.newHttpClient();
    List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      calls.add(client.sendAsync(postRequest(), HttpResponse.BodyHandlers.ofString()));
    }
    Thread.sleep(500);

    long started = System.nanoTime();
    HttpResponse<String> health = health();
    long elapsedMillis = (System.nanoTime() - started) / 1_000_000;

    assertThat(health.statusCode()).isEqualTo(200);
    assertThat(elapsedMillis).isLessThan(SLACK_MILLIS);
    int busy = 0;
    for (CompletableFuture<HttpResponse<String>> call : calls) {
      int status = call.get().statusCode();
      assertThat(status).isIn(502, 503);
      busy += status == 503 ? 1 : 0;
    }
    assertThat(busy).isGreaterThanOrEqualTo(120 - 8);
  }

  private HttpResponse<String> health() {
    return gateway.send(gateway.request("/health", null).GET().build());
  }

  /* ---- helpers ---- */

  private void start(RawUpstream.Behaviour behaviour, long maxBytes, int maxInFlight) {
    start(behaviour, maxBytes, maxInFlight, DEADLINE_MILLIS);
  }

  private void start(
      RawUpstream.Behaviour behaviour, long maxBytes, int maxInFlight, int deadlineMillis) {
    fake = RawUpstream.start(behaviour);
    gateway =
        GatewayHarness.startWith(
            new ServerConfig.Upstream(fake.uri().toString(), deadlineMillis)
                .withBounds(deadlineMillis, maxBytes, maxInFlight));
    cargo = gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);
  }

  private HttpResponse<String> post() {
    return gateway.post("trusted-key", Map.of("documentId", cargo.hex()));
  }

  private HttpRequest postRequest() {
    return gateway
        .request("/graphql", "trusted-key")
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"documentId\":\"" + cargo.hex() + "\"}"))
        .build();
  }

  private static void assertUpstreamError(HttpResponse<String> response, String message) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(502);
    JsonNode body = body(response);
    assertThat(body.at("/errors/0/extensions/code").asText()).isEqualTo("UPSTREAM_ERROR");
    assertThat(body.at("/errors/0/message").asText()).isEqualTo(message);
  }

  /** Charged 3 units, given back: the balance is the full capacity again (the clock is fixed). */
  private static void assertNotCharged(HttpResponse<String> response) {
    JsonNode body = body(response);
    assertThat(body.at("/extensions/rateLimit/cost").asLong()).isZero();
    assertThat(body.at("/extensions/rateLimit/remaining").asLong()).isEqualTo(CAPACITY);
    assertThat(response.headers().firstValue("X-RateLimit-Remaining"))
        .hasValue(Long.toString(CAPACITY));
  }
}
