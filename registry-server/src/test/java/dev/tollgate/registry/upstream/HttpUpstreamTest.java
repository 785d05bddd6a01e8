package dev.tollgate.registry.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.admission.UpstreamRequest;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.ThrowingSupplier;

/**
 * {@link HttpUpstream} against {@link RawUpstream}, a fake on raw sockets: every fault mode ends in
 * an {@link UpstreamException} that names its cause, within the deadline (plus slack for a busy
 * machine), holding no more than the size cap.
 */
final class HttpUpstreamTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final UpstreamRequest REQUEST =
      new UpstreamRequest(
          "query Q($n: Int) { cargos(first: $n) { edges { cursor } } }", "Q", Map.of("n", 2), true);
  private static final UpstreamRequest MUTATION =
      new UpstreamRequest(
          "mutation M { registerHandlingEvent(id: \"1\") { id } }", "M", Map.of(), false);
  private static final long CAP = 64 * 1024;
  private static final int DEADLINE_MILLIS = 500;

  /** A loaded 2-core CI machine may start a thread or a connection late. */
  private static final long SLACK_MILLIS = 1_500;

  private RawUpstream fake;

  @AfterEach
  void stop() throws IOException {
    if (fake != null) {
      fake.close();
    }
  }

  /* ---- answers ---- */

  @Test
  void execute_graphqlAnswer_postsPlainRequestWithHeadersAndReadsBodyAndHeaders() throws Exception {
    fake =
        RawUpstream.start(
            RawUpstream.json(
                200,
                "{\"data\":{\"cargos\":{\"edges\":[]}}}",
                "Set-Cookie",
                "a=1",
                "Set-Cookie",
                "b=2",
                "Cache-Control",
                "max-age=5"));

    UpstreamResponse response =
        upstream(Duration.ofSeconds(5))
            .execute(
                REQUEST.withHeaders(
                    Map.of("authorization", List.of("Bearer alice"), "X-Static", List.of("s"))));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.body().asMap()).containsKey("data");
    assertThat(response.headers().get("set-cookie")).containsExactly("a=1", "b=2");
    assertThat(response.headers().get("Cache-Control")).containsExactly("max-age=5");
    RawUpstream.Request received = fake.requests().get(0);
    assertThat(received.header("authorization")).isEqualTo("Bearer alice");
    assertThat(received.header("x-static")).isEqualTo("s");
    assertThat(received.header("content-type")).isEqualTo("application/json");
    assertThat(JSON.readTree(received.body()))
        .isEqualTo(
            JSON.readTree(
                "{\"query\":\"query Q($n: Int) { cargos(first: $n) { edges { cursor } } }\","
                    + "\"operationName\":\"Q\",\"variables\":{\"n\":2}}"));
  }

  @Test
  void execute_errorStatusWithGraphqlBody_passesThrough() {
    fake = RawUpstream.start(RawUpstream.json(400, "{\"errors\":[{\"message\":\"boom\"}]}"));

    assertThat(upstream(Duration.ofSeconds(5)).execute(REQUEST).status()).isEqualTo(400);
  }

  @Test
  void execute_jsonWithoutDataOrErrors_throwsUpstreamException() {
    fake = RawUpstream.start(RawUpstream.json(200, "{\"hello\":1}"));

    assertThatThrownBy(() -> upstream(Duration.ofSeconds(5)).execute(REQUEST))
        .isInstanceOf(UpstreamException.class)
        .hasMessage("upstream answered HTTP 200 without data or errors");
  }

  @Test
  void execute_notJson_namesTheStatus() {
    fake = RawUpstream.start(exchange -> exchange.answer(200, "text/html", "<html>hello</html>"));

    assertThatThrownBy(() -> upstream(Duration.ofSeconds(5)).execute(REQUEST))
        .isInstanceOf(UpstreamException.class)
        .hasMessage("upstream answered HTTP 200 with a body that is not JSON");
  }

  /* ---- 5xx ---- */

  @Test
  void execute_500WithGraphqlErrors_upstreamErrorKeepingTheErrors() {
    fake =
        RawUpstream.start(
            RawUpstream.json(
                500,
                "{\"errors\":[{\"message\":\"db down\",\"path\":[\"cargos\"]}],\"data\":null}"));

    assertThatThrownBy(() -> upstream(Duration.ofSeconds(5)).execute(REQUEST))
        .isInstanceOfSatisfying(
            UpstreamException.class,
            e -> {
              assertThat(e.code()).isEqualTo("UPSTREAM_ERROR");
              assertThat(e.getMessage())
                  .isEqualTo(
                      "upstream answered HTTP 500 with GraphQL errors (extensions.upstream.errors)");
              assertThat(e.extensions())
                  .isEqualTo(
                      Map.of(
                          "upstream",
                          Map.of(
                              "status",
                              500,
                              "errors",
                              List.of(Map.of("message", "db down", "path", List.of("cargos"))))));
            });
  }

  @Test
  void execute_503NotJson_namesTheStatusWithoutErrors() {
    fake = RawUpstream.start(exchange -> exchange.answer(503, "text/html", "<h1>busy</h1>"));

    assertThatThrownBy(() -> upstream(Duration.ofSeconds(5)).execute(REQUEST))
        .isInstanceOfSatisfying(
            UpstreamException.class,
            e -> {
              assertThat(e.getMessage()).isEqualTo("upstream answered HTTP 503");
              assertThat(e.extensions()).isEqualTo(Map.of("upstream", Map.of("status", 503)));
            });
  }

  /* ---- the deadline covers connect, headers and body ---- */

  @Test
  void execute_headersThenOneBytePerSecond_timesOutAtTheDeadline() {
    // 40 bytes at 1 byte/s would take 40 s
    fake =
        RawUpstream.start(
            RawUpstream.slowBody("{\"data\":{\"padding\":\"0123456789ab\"}}    ", 1_000));

    assertFailsWithinDeadline(
        () -> upstream(Duration.ofMillis(DEADLINE_MILLIS)).execute(REQUEST),
        "upstream did not answer within 500 ms");
  }

  @Test
  void execute_endlessSlowBody_timesOutAtTheDeadline() {
    fake = RawUpstream.start(RawUpstream.endlessBody(2, 50));

    assertFailsWithinDeadline(
        () -> upstream(Duration.ofMillis(DEADLINE_MILLIS)).execute(REQUEST),
        "upstream did not answer within 500 ms");
  }

  @Test
  void execute_silent_timesOutAtTheDeadline() {
    fake = RawUpstream.start(RawUpstream.silent());

    assertFailsWithinDeadline(
        () -> upstream(Duration.ofMillis(DEADLINE_MILLIS)).execute(REQUEST),
        "upstream did not answer within 500 ms");
  }

  /* ---- the size cap ---- */

  @Test
  void execute_endlessFastBody_refusedPastTheCap() {
    fake = RawUpstream.start(RawUpstream.endlessBody(8_192, 0));

    assertThatThrownBy(() -> upstream(Duration.ofSeconds(10)).execute(REQUEST))
        .isInstanceOf(UpstreamException.class)
        .hasMessage("upstream answer larger than 65536 bytes");
  }

  @Test
  void execute_announcedLengthOverTheCap_refused() {
    // 65,537 bytes: one over the cap
    String body = "{\"data\":{\"s\":\"" + "x".repeat((int) CAP - 16) + "\"}}";
    assertThat(body.length()).isEqualTo(CAP + 1);
    fake = RawUpstream.start(RawUpstream.json(200, body));

    assertThatThrownBy(() -> upstream(Duration.ofSeconds(10)).execute(REQUEST))
        .isInstanceOf(UpstreamException.class)
        .hasMessage("upstream answer larger than 65536 bytes");
  }

  @Test
  void execute_exactlyTheCap_read() {
    String body = "{\"data\":{\"s\":\"" + "x".repeat((int) CAP - 17) + "\"}}";
    assertThat(body.length()).isEqualTo(CAP);
    fake = RawUpstream.start(RawUpstream.json(200, body));

    assertThat(upstream(Duration.ofSeconds(10)).execute(REQUEST).body().asMap())
        .containsKey("data");
  }

  /* ---- connections ---- */

  @Test
  void execute_manyCalls_oneKeptAliveHttp11ConnectionWithoutUpgrade() {
    fake = RawUpstream.start(RawUpstream.json(200, "{\"data\":{\"n\":1}}"));
    HttpUpstream upstream = upstream(Duration.ofSeconds(5));

    for (int i = 0; i < 20; i++) {
      assertThat(upstream.execute(REQUEST).body().asMap()).containsKey("data");
    }

    assertThat(fake.connections()).isEqualTo(1);
    assertThat(fake.requests())
        .hasSize(20)
        .allSatisfy(
            request -> {
              assertThat(request.line()).isEqualTo("POST /graphql HTTP/1.1");
              assertThat(request.header("upgrade")).isNull();
              assertThat(request.header("http2-settings")).isNull();
            });
  }

  @Test
  void execute_answerSetsACookie_nextCallCarriesNoCookieOfTheClients() {
    // the caller's cookies are forwarded; the client must never store the upstream's for others
    fake =
        RawUpstream.start(RawUpstream.json(200, "{\"data\":{\"n\":1}}", "Set-Cookie", "s=alice"));
    HttpUpstream upstream = upstream(Duration.ofSeconds(5));

    upstream.execute(REQUEST);
    upstream.execute(REQUEST);

    assertThat(fake.requests()).hasSize(2);
    assertThat(fake.requests().get(1).header("cookie")).isNull();
  }

  @Test
  void execute_chunkedBodyLargerThanTheFirstBuffer_readWhole() {
    // 20,000 bytes without Content-Length: the body grows past its first 4 KiB buffer
    String body = "{\"data\":{\"s\":\"" + "x".repeat(19_983) + "\"}}";
    assertThat(body.length()).isEqualTo(20_000);
    fake =
        RawUpstream.start(
            exchange -> {
              exchange.write(
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n");
              for (int from = 0; from < body.length(); from += 3_000) {
                String chunk = body.substring(from, Math.min(body.length(), from + 3_000));
                exchange.write(Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n");
              }
              exchange.write("0\r\n\r\n");
            });

    UpstreamResponse response = upstream(Duration.ofSeconds(5)).execute(REQUEST);

    assertThat(response.body().asMap()).isEqualTo(Map.of("data", Map.of("s", "x".repeat(19_983))));
  }

  @Test
  void execute_nothingListening_connectionRefused() throws IOException {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    HttpUpstream upstream =
        new HttpUpstream(
            URI.create("http://127.0.0.1:" + port + "/graphql"), Duration.ofSeconds(2), CAP, JSON);

    assertThatThrownBy(() -> upstream.execute(REQUEST))
        .isInstanceOf(UpstreamException.class)
        .hasMessage("upstream connection refused: 127.0.0.1:" + port);
  }

  @Test
  void execute_reset_connectionReset() {
    fake = RawUpstream.start(RawUpstream.reset());

    assertThatThrownBy(() -> upstream(Duration.ofSeconds(5)).execute(REQUEST))
        .isInstanceOf(UpstreamException.class)
        .hasMessage("upstream connection reset");
    assertThat(fake.requests()).hasSize(1);
  }

  @Test
  void execute_keptAliveConnectionClosedByTheUpstream_retriedOnceOnAFreshOne() {
    fake = RawUpstream.start(RawUpstream.closesKeptAliveConnection("{\"data\":{\"n\":1}}"));
    HttpUpstream upstream = upstream(Duration.ofSeconds(5));
    upstream.execute(REQUEST);

    UpstreamResponse second = upstream.execute(REQUEST);

    assertThat(second.body().asMap()).containsEntry("data", Map.of("n", 1));
    // the first connection answered once, then closed on the second request; the retry took a
    // second connection
    assertThat(fake.connections()).isEqualTo(2);
    assertThat(fake.requests())
        .extracting(RawUpstream.Request::connection, RawUpstream.Request::onConnection)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(0, 0),
            org.assertj.core.groups.Tuple.tuple(0, 1),
            org.assertj.core.groups.Tuple.tuple(1, 0));
  }

  @Test
  void execute_mutationOnAKeptAliveConnectionClosedByTheUpstream_notSentTwice() {
    fake = RawUpstream.start(RawUpstream.closesKeptAliveConnection("{\"data\":{\"n\":1}}"));
    HttpUpstream upstream = upstream(Duration.ofSeconds(5));
    upstream.execute(REQUEST);

    assertThatThrownBy(() -> upstream.execute(MUTATION))
        .isInstanceOf(UpstreamException.class)
        .hasMessage("upstream closed the connection before it answered");
    // the upstream may have run the mutation before it closed: it received it once, on the kept
    // connection, and no second connection was opened
    assertThat(fake.connections()).isEqualTo(1);
    assertThat(fake.requests()).hasSize(2);
  }

  @Test
  void execute_closedBeforeAnsweringTwice_failsAfterOneRetry() {
    fake = RawUpstream.start(RawUpstream.Exchange::close);

    assertThatThrownBy(() -> upstream(Duration.ofSeconds(5)).execute(REQUEST))
        .isInstanceOf(UpstreamException.class)
        .hasMessage("upstream closed the connection before it answered");
    assertThat(fake.requests()).hasSize(2);
  }

  private static void assertFailsWithinDeadline(
      ThrowingSupplier<UpstreamResponse> call, String message) {
    long start = System.nanoTime();
    assertThatThrownBy(call::get).isInstanceOf(UpstreamException.class).hasMessage(message);
    long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
    assertThat(elapsedMillis).isBetween(DEADLINE_MILLIS - 50L, DEADLINE_MILLIS + SLACK_MILLIS);
  }

  private HttpUpstream upstream(Duration timeout) {
    return new HttpUpstream(fake.uri(), timeout, CAP, JSON);
  }
}
