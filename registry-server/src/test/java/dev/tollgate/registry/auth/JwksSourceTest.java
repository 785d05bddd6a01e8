package dev.tollgate.registry.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.tollgate.registry.admission.FakeClock;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The JWK set at a URL (a tiny HTTP server in the test): fetched, kept through an outage until its
 * max age (3,600 s), replaced once it can be fetched again. Fetches are called by the test; the
 * clock is a fake one.
 */
final class JwksSourceTest {

  private final TestTokens tokens = new TestTokens();
  private final AtomicReference<String> answer = new AtomicReference<>(tokens.jwks());
  private final FakeClock clock = new FakeClock();
  private final HttpServer server = serve();
  private final JwksSource source =
      JwksSource.of(
          TestTokens.settings(
              null,
              "http://127.0.0.1:" + server.getAddress().getPort() + "/jwks",
              JwtSettings.OnJwksFailure.UNAVAILABLE,
              10),
          clock);

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void current_beforeAnyFetch_none() {
    assertThat(source.current()).isNull();
  }

  @Test
  void fetch_outageThenBack_lastKeysUntilMaxAgeThenTheNewOnes() {
    assertThat(source.fetch()).isTrue();
    answer.set(null);

    assertThat(source.fetch()).isFalse();
    clock.advance(Duration.ofSeconds(3600));
    assertThat(source.current()).as("3,600 s old: not past the max age").isNotNull();
    clock.advance(Duration.ofSeconds(1));
    assertThat(source.current()).as("3,601 s old").isNull();
    // a failed fetch: the next one in 10 s (the refresh interval is 300 s)
    assertThat(source.retryAfterSeconds()).isEqualTo(10);

    answer.set(tokens.jwks());
    assertThat(source.fetch()).isTrue();
    assertThat(source.current()).isNotNull();
    assertThat(source.current().getKeyByKeyId("rsa-1")).isNotNull();
    assertThat(source.retryAfterSeconds()).isEqualTo(300);
  }

  @Test
  void fetch_notAKeySetOrEmpty_keepsTheLastKeys() {
    assertThat(source.fetch()).isTrue();

    answer.set("{\"keys\": []}");
    assertThat(source.fetch()).isFalse();
    answer.set("not json");
    assertThat(source.fetch()).isFalse();

    assertThat(source.current()).isNotNull();
    assertThat(source.current().getKeys()).hasSize(2);
  }

  @Test
  void fetch_privateKeysServed_onlyThePublicHalvesKept() throws IOException {
    String privateKey;
    try (var in =
        getClass()
            .getClassLoader()
            .getResourceAsStream("dev/tollgate/registry/demo/demo-jwt-signing-key.json")) {
      privateKey = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    answer.set("{\"keys\": [" + privateKey + "]}");

    assertThat(source.fetch()).isTrue();

    assertThat(source.current().getKeys()).hasSize(1).allMatch(key -> !key.isPrivate());
  }

  private HttpServer serve() {
    try {
      HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      http.createContext(
          "/jwks",
          exchange -> {
            String body = answer.get();
            byte[] bytes = (body == null ? "down" : body).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(body == null ? 503 : 200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(bytes);
            }
          });
      http.start();
      return http;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
