package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.upstream.RawUpstream;
import dev.tollgate.registry.upstream.UpstreamSettings;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
    start(
        RawUpstream.slowBody("{\"data\":{\"cargo\":null}}                    ", 1_000),
        16 << 20,
        64);

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
  void post_silentUpstream_502AtTheDeadlineNotCharged() {
    start(RawUpstream.silent(), 16 << 20, 64);

    long started = System.nanoTime();
    HttpResponse<String> response = post();

    assertUpstreamError(response, "upstream did not answer within 500 ms");
    assertThat((System.nanoTime() - started) / 1_000_000)
        .isLessThan(DEADLINE_MILLIS + SLACK_MILLIS);
    assertNotCharged(response);
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
            UpstreamSettings.DEFAULTS
                .withUrl("http://127.0.0.1:" + port + "/graphql")
                .withTimeoutMillis(DEADLINE_MILLIS));
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
    start(
        RawUpstream.closesKeptAliveConnection("{\"data\":{\"cargo\":{\"id\":\"1\"}}}"),
        16 << 20,
        64);
    assertThat(post().statusCode()).isEqualTo(200);

    HttpResponse<String> second = post();

    assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
    assertThat(body(second).at("/data/cargo/id").asText()).isEqualTo("1");
  }

  /* ---- the in-flight cap ---- */

  @Test
  void post_pastMaxInFlight_503UpstreamBusyWithRetryAfterNotCharged() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    start(held(release), 16 << 20, 2, 30_000);

    // 12 requests: 2 reach the upstream and wait there, 10 are refused at once
    List<CompletableFuture<HttpResponse<String>>> calls = send(12);
    List<HttpResponse<String>> busy = refusedWhileHeld(calls, 10);
    int held = reachedUpstream(2);
    release.countDown();

    assertThat(held).isEqualTo(2);
    for (HttpResponse<String> refused : busy) {
      assertThat(refused.statusCode()).isEqualTo(503);
      assertThat(body(refused).at("/errors/0/extensions/code").asText()).isEqualTo("UPSTREAM_BUSY");
      assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
    }
    for (CompletableFuture<HttpResponse<String>> call : calls) {
      assertThat(call.get(30, TimeUnit.SECONDS).statusCode()).isIn(200, 503);
    }
    // 12 charged 3 each; the 10 refused given back: 10,000 - 2 × 3
    assertThat(body(post()).at("/extensions/rateLimit/remaining").asLong())
        .isEqualTo(CAPACITY - 2 * 3 - 3);
  }

  @Test
  void health_manyUpstreamCallsHeld_stillAnswersAtOnce() throws Exception {
    // 300 requests, more than Jetty's 250 threads, at an upstream that holds every call: the
    // default cap (64) lets 64 wait for it, refuses the other 236 at once, and leaves the
    // server's other threads free
    CountDownLatch release = new CountDownLatch(1);
    start(held(release), 16 << 20, UpstreamSettings.DEFAULTS.maxInFlight(), 60_000);
    assertThat(health().statusCode()).isEqualTo(200);

    List<CompletableFuture<HttpResponse<String>>> calls = send(300);
    refusedWhileHeld(calls, 300 - 64);
    long started = System.nanoTime();
    HttpResponse<String> health = health();
    long elapsedMillis = (System.nanoTime() - started) / 1_000_000;
    int held = reachedUpstream(64);
    release.countDown();

    assertThat(health.statusCode()).isEqualTo(200);
    assertThat(elapsedMillis).isLessThan(SLACK_MILLIS);
    assertThat(held).isEqualTo(64);
    for (CompletableFuture<HttpResponse<String>> call : calls) {
      assertThat(call.get(60, TimeUnit.SECONDS).statusCode()).isIn(200, 503);
    }
  }

  /**
   * The calls the upstream has read, once {@code expected} have (10 s at most): a call admitted
   * past the cap may still be on its way to the upstream when the refusals are all answered.
   */
  private int reachedUpstream(int expected) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (fake.requests().size() < expected && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    return fake.requests().size();
  }

  /** Holds every call until {@code release}, then answers it. */
  private static RawUpstream.Behaviour held(CountDownLatch release) {
    return exchange -> {
      release.await();
      exchange.answer(200, "application/json", "{\"data\":{\"cargo\":null}}");
    };
  }

  private List<CompletableFuture<HttpResponse<String>>> send(int requests) {
    HttpClient client = HttpClient.newHttpClient();
    List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
    for (int i = 0; i < requests; i++) {
      calls.add(client.sendAsync(postRequest(), HttpResponse.BodyHandlers.ofString()));
    }
    return calls;
  }

  /** Waits (30 s at most) until {@code count} of {@code calls} are answered; those answers. */
  private static List<HttpResponse<String>> refusedWhileHeld(
      List<CompletableFuture<HttpResponse<String>>> calls, int count) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      List<HttpResponse<String>> done = new ArrayList<>();
      for (CompletableFuture<HttpResponse<String>> call : calls) {
        if (call.isDone()) {
          done.add(call.get());
        }
      }
      if (done.size() >= count || System.nanoTime() > deadline) {
        assertThat(done).hasSize(count);
        return done;
      }
      Thread.sleep(20);
    }
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
            UpstreamSettings.DEFAULTS
                .withUrl(fake.uri().toString())
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
