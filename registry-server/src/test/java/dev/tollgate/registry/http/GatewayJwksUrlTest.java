package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.tollgate.registry.auth.JwtSettings.OnJwksFailure;
import dev.tollgate.registry.auth.TestTokens;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 27, item 3: the JWK set fetched from a URL (a tiny HTTP server in the test), and its
 * outage. The gateway fetches it at start; the test then makes the server fail, so the gateway has
 * only the keys fetched at start, and moves the gateway's clock: within {@code jwksMaxAgeSeconds}
 * (3,600) they keep working; past it {@code onJwksFailure} answers.
 */
final class GatewayJwksUrlTest {

  private static final String CARGO =
      "query Cargo { cargo(trackingId: \"ABC123\") { id trackingId } }";

  private final TestTokens tokens = new TestTokens();
  private final AtomicBoolean failing = new AtomicBoolean();
  private final AtomicInteger fetches = new AtomicInteger();
  private final HttpServer jwks = serve();
  private GatewayHarness gateway;
  private DocumentHash cargo;

  @AfterEach
  void close() {
    if (gateway != null) {
      gateway.close();
    }
    jwks.stop(0);
  }

  @Test
  void post_jwksDownWithinMaxAge_lastKeysKeepWorking() {
    start(OnJwksFailure.UNAVAILABLE);
    failing.set(true);

    // 59 minutes after the fetch: under the 3,600 s max age
    gateway.clock.advance(Duration.ofMinutes(59));
    HttpResponse<String> response = post(tokens.rs256("alice", "web", gateway.clock.instant()));

    assertThat(fetches.get()).isEqualTo(1);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }

  @Test
  void post_jwksDownPastMaxAge_unavailable_503WithRetryAfter() {
    start(OnJwksFailure.UNAVAILABLE);
    failing.set(true);

    // 3,601 s after the fetch: past the max age
    gateway.clock.advance(Duration.ofSeconds(3601));
    HttpResponse<String> response = post(tokens.rs256("alice", "web", gateway.clock.instant()));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(503);
    assertThat(body(response).at("/errors/0/extensions/code").asText())
        .isEqualTo("JWKS_UNAVAILABLE");
    // the next fetch is due in the refresh interval (300 s): the last fetch succeeded
    assertThat(response.headers().firstValue("Retry-After")).hasValue("300");
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void post_jwksDownPastMaxAge_refuse_401() {
    start(OnJwksFailure.REFUSE);
    failing.set(true);

    gateway.clock.advance(Duration.ofSeconds(3601));
    HttpResponse<String> response = post(tokens.rs256("alice", "web", gateway.clock.instant()));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(401);
    assertThat(body(response).at("/errors/0/extensions/code").asText())
        .isEqualTo("UNAUTHENTICATED");
    assertThat(response.headers().firstValue("Retry-After")).isEmpty();
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void post_tokenVerifiedBeforeTheKeysAged_refusedPastMaxAgeToo() {
    start(OnJwksFailure.UNAVAILABLE);
    String token = tokens.rs256("alice", "web", gateway.clock.instant());
    assertThat(post(token).statusCode()).isEqualTo(200);
    failing.set(true);

    // the token is valid for an hour (plus skew); the keys are past their max age
    gateway.clock.advance(Duration.ofSeconds(3601));
    HttpResponse<String> response = post(token);

    assertThat(response.statusCode()).isEqualTo(503);
  }

  private void start(OnJwksFailure onFailure) {
    String url = "http://127.0.0.1:" + jwks.getAddress().getPort() + "/jwks.json";
    gateway = GatewayHarness.startWith(TestTokens.settings(null, url, onFailure, 1_000));
    cargo = gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 50);
  }

  private HttpResponse<String> post(String token) {
    return gateway.send(
        gateway
            .request("/graphql", null)
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    GatewayHarness.json(Map.of("documentId", cargo.hex()))))
            .build());
  }

  /** Serves the JWK set at {@code /jwks.json}, or a 500 while {@link #failing}. */
  private HttpServer serve() {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      server.createContext(
          "/jwks.json",
          exchange -> {
            boolean down = failing.get();
            if (!down) {
              fetches.incrementAndGet();
            }
            byte[] body = (down ? "down" : tokens.jwks()).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(down ? 500 : 200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(body);
            }
          });
      server.start();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
