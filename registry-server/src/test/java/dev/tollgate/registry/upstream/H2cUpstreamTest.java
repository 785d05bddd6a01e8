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

/** {@code upstream.h2c}: the calls to a real HTTP/2 (prior knowledge) Jetty server. */
final class H2cUpstreamTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final UpstreamRequest REQUEST =
      new UpstreamRequest("query Q($n: Int) { n(v: $n) }", "Q", Map.of("n", 2), true);
  private static final long CAP = 64 * 1024;

  private H2cServer server;
  private HttpUpstream upstream;

  @AfterEach
  void stop() throws Exception {
    if (upstream != null) {
      upstream.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void execute_h2cUpstream_postedOverHttp2WithHeadersAndAnswerRead() throws Exception {
    URI uri = start(200, "{\"data\":{\"n\":2}}", 0);
    upstream = new HttpUpstream(uri, Duration.ofSeconds(5), CAP, 4, true, JSON);

    UpstreamResponse response =
        upstream.execute(REQUEST.withHeaders(Map.of("authorization", List.of("Bearer alice"))));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.body().asMap()).containsEntry("data", Map.of("n", 2));
    assertThat(response.headers().get("x-answered-by")).containsExactly("h2c");
    H2cServer.Seen request = server.seen().get(0);
    assertThat(request.protocol()).isEqualTo("HTTP/2.0");
    assertThat(request.authorization()).isEqualTo("Bearer alice");
    assertThat(request.accept()).isEqualTo(HttpUpstream.ACCEPT);
    assertThat(JSON.readTree(request.body()))
        .isEqualTo(
            JSON.readTree(
                "{\"query\":\"query Q($n: Int) { n(v: $n) }\",\"operationName\":\"Q\","
                    + "\"variables\":{\"n\":2}}"));
  }

  @Test
  void execute_manyCalls_oneConnectionServesThemAll() throws Exception {
    URI uri = start(200, "{\"data\":{\"n\":2}}", 0);
    upstream = new HttpUpstream(uri, Duration.ofSeconds(5), CAP, 4, true, JSON);

    for (int i = 0; i < 5; i++) {
      assertThat(upstream.execute(REQUEST).status()).isEqualTo(200);
    }

    assertThat(server.seen()).hasSize(5);
    assertThat(server.connections()).isEqualTo(1);
  }

  @Test
  void execute_answerLargerThanTheCap_502NamingTheCap() throws Exception {
    // a data string of 2 x CAP bytes: the answer is more than CAP however it is framed
    URI uri = start(200, "{\"data\":{\"n\":\"" + "x".repeat((int) (2 * CAP)) + "\"}}", 0);
    upstream = new HttpUpstream(uri, Duration.ofSeconds(5), CAP, 4, true, JSON);

    assertThatThrownBy(() -> upstream.execute(REQUEST))
        .isInstanceOf(UpstreamException.class)
        .hasMessage("upstream answer larger than " + CAP + " bytes");
  }

  @Test
  void execute_upstreamSlowerThanTheDeadline_502TimedOut() throws Exception {
    URI uri = start(200, "{\"data\":{\"n\":2}}", 3_000);
    upstream = new HttpUpstream(uri, Duration.ofMillis(300), CAP, 4, true, JSON);

    long started = System.nanoTime();
    assertThatThrownBy(() -> upstream.execute(REQUEST))
        .isInstanceOf(UpstreamException.class)
        .hasMessage("upstream did not answer within 300 ms");
    // well before the server's 3 s answer; 1.5 s of slack for a loaded machine
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(1_800));
  }

  @Test
  void execute_5xx_502WithTheStatus() throws Exception {
    URI uri = start(503, "{\"errors\":[{\"message\":\"down\"}]}", 0);
    upstream = new HttpUpstream(uri, Duration.ofSeconds(5), CAP, 4, true, JSON);

    assertThatThrownBy(() -> upstream.execute(REQUEST))
        .isInstanceOf(UpstreamException.class)
        .hasMessageContaining("503");
  }

  @Test
  void execute_nothingListening_connectionRefused() throws IOException {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    upstream =
        new HttpUpstream(
            URI.create("http://127.0.0.1:" + port + "/graphql"),
            Duration.ofSeconds(2),
            CAP,
            4,
            true,
            JSON);

    assertThatThrownBy(() -> upstream.execute(REQUEST))
        .isInstanceOf(UpstreamException.class)
        .hasMessage("upstream connection refused: 127.0.0.1:" + port);
  }

  @Test
  void settings_h2cOverHttps_refusedNamingTheUrl() {
    assertThatThrownBy(
            () -> UpstreamSettings.DEFAULTS.withUrl("https://api.example/graphql").withH2c(true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "upstream.h2c needs an http:// upstream.url (h2c is HTTP/2 without TLS):"
                + " https://api.example/graphql");
  }

  private URI start(int status, String body, long delayMillis) throws Exception {
    server = H2cServer.start(status, body, delayMillis);
    return server.uri();
  }
}
