package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import io.javalin.Javalin;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The cache rules against a real HTTP upstream: its response headers reach the gateway through
 * {@code HttpUpstream}, and decide what is cached and for how long.
 */
final class GatewayHttpUpstreamCachingTest {

  private static final String QUERY = "query Cargo { cargo(trackingId: \"ABC123\") { id } }";

  private final AtomicInteger calls = new AtomicInteger();
  private Javalin upstream;
  private GatewayHarness gateway;

  @AfterEach
  void stop() {
    if (gateway != null) {
      gateway.close();
    }
    if (upstream != null) {
      upstream.stop();
    }
  }

  @Test
  void get_upstreamSetsCookie_notCached() {
    DocumentHash cargo = start(Map.of("Set-Cookie", "session=1; HttpOnly"));

    HttpResponse<String> first = gateway.get(null, Map.of("documentId", cargo.hex()));
    gateway.get(null, Map.of("documentId", cargo.hex()));

    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    assertThat(first.headers().firstValue("Cache-Control"))
        .hasValue("private, no-cache, must-revalidate");
    assertThat(calls.get()).isEqualTo(2);
  }

  @Test
  void get_upstreamMaxAgeShorter_wins() {
    DocumentHash cargo = start(Map.of("Cache-Control", "public, max-age=5"));

    HttpResponse<String> first = gateway.get(null, Map.of("documentId", cargo.hex()));
    gateway.clock.advance(Duration.ofSeconds(4));
    gateway.get(null, Map.of("documentId", cargo.hex()));
    gateway.clock.advance(Duration.ofSeconds(1));
    gateway.get(null, Map.of("documentId", cargo.hex()));

    assertThat(first.headers().firstValue("Cache-Control")).hasValue("public, max-age=5");
    // filled, hit at 4 s, expired at 5 s
    assertThat(calls.get()).isEqualTo(2);
  }

  @Test
  void get_upstreamWithoutCacheHeaders_cachedForThePolicysMaxAge() {
    DocumentHash cargo = start(Map.of());

    HttpResponse<String> first = gateway.get(null, Map.of("documentId", cargo.hex()));
    gateway.get(null, Map.of("documentId", cargo.hex()));

    assertThat(first.headers().firstValue("Cache-Control")).hasValue("public, max-age=60");
    assertThat(calls.get()).isEqualTo(1);
  }

  private DocumentHash start(Map<String, String> headers) {
    upstream =
        Javalin.create(
                config ->
                    config.routes.post(
                        "/graphql",
                        ctx -> {
                          calls.incrementAndGet();
                          headers.forEach(ctx::header);
                          ctx.contentType("application/json")
                              .result("{\"data\":{\"cargo\":{\"id\":\"cargo_ABC123\"}}}");
                        }))
            .start(0);
    gateway = GatewayHarness.startWithUpstream("http://127.0.0.1:" + upstream.port() + "/graphql");
    return gateway.publishFixed("web", "1", QUERY, "Cargo", OperationKind.QUERY, 3);
  }
}
