package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.upstream.UpstreamSettings;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Everything forwarded keys the response cache (issue 23, item 2): a header the upstream is sent is
 * part of the cache key and of {@code Vary}, unless {@code upstream.unkeyedHeaders} names it (by
 * default the tracing headers). The fake upstream records the headers it was sent; the test tells
 * it whom it answers before each request, so an answer served from another caller's entry shows the
 * wrong one.
 */
final class GatewayCacheKeyHeadersTest {

  private static final String QUERY = "query Greeting { cargo(trackingId: \"ABC123\") { id } }";

  private GatewayHarness gateway;
  private DocumentHash greeting;

  @AfterEach
  void stop() {
    gateway.close();
  }

  @Test
  void get_otherAcceptLanguage_upstreamCalledAgain_eachGetsItsOwnAnswer() {
    start(upstream(UpstreamSettings.DEFAULTS.forwardHeaders(), null));

    HttpResponse<String> german = get("de", "Accept-Language", "de");
    HttpResponse<String> french = get("fr", "Accept-Language", "fr");

    assertThat(gateway.upstreamCalls()).isEqualTo(2);
    assertThat(sent(1, "accept-language")).containsExactly("fr");
    assertThat(body(german).at("/data/viewer").asText()).isEqualTo("de");
    assertThat(body(french).at("/data/viewer").asText()).isEqualTo("fr");
    assertThat(french.headers().firstValue("Age")).isEmpty();
    assertThat(french.headers().firstValue("Vary"))
        .hasValue("X-API-Key, Accept, Authorization, Cookie, Accept-Language");
  }

  @Test
  void get_sameAcceptLanguageTwice_secondFromTheCache() {
    start(upstream(UpstreamSettings.DEFAULTS.forwardHeaders(), null));

    get("de", "Accept-Language", "de");
    HttpResponse<String> again = get("nobody", "Accept-Language", "de");

    assertThat(gateway.upstreamCalls()).isEqualTo(1);
    assertThat(again.headers().firstValue("Age")).hasValue("0");
    assertThat(body(again).at("/data/viewer").asText()).isEqualTo("de");
  }

  @Test
  void get_anonymousWithAcceptLanguage_privateNotPublic() {
    start(upstream(UpstreamSettings.DEFAULTS.forwardHeaders(), null));

    HttpResponse<String> bare = gateway.get(null, Map.of("documentId", greeting.hex()));
    HttpResponse<String> german =
        gateway.get(null, Map.of("documentId", greeting.hex()), "Accept-Language", "de");

    // a shared cache that ignored Vary would serve the German answer to everyone
    assertThat(bare.headers().firstValue("Cache-Control")).hasValue("public, max-age=60");
    assertThat(german.headers().firstValue("Cache-Control")).hasValue("private, max-age=60");
  }

  @Test
  void get_customForwardedHeaderWithoutVaryEntry_eachCallerReachesTheUpstream() {
    start(upstream(List.of("x-user"), null));

    HttpResponse<String> alice = get("alice", "X-User", "alice");
    HttpResponse<String> bob = get("bob", "X-User", "bob");

    assertThat(gateway.upstreamCalls()).isEqualTo(2);
    assertThat(sent(1, "x-user")).containsExactly("bob");
    assertThat(body(alice).at("/data/viewer").asText()).isEqualTo("alice");
    assertThat(body(bob).at("/data/viewer").asText()).isEqualTo("bob");
    assertThat(bob.headers().firstValue("Vary"))
        .hasValue("X-API-Key, Accept, Authorization, Cookie, X-User");
  }

  @Test
  void get_otherRequestId_unkeyedByDefault_servedFromTheCache() {
    start(upstream(UpstreamSettings.DEFAULTS.forwardHeaders(), null));

    get("first", "X-Request-Id", "r-1", "traceparent", "00-1-01");
    HttpResponse<String> second = get("second", "X-Request-Id", "r-2", "traceparent", "00-2-01");

    assertThat(gateway.upstreamCalls()).isEqualTo(1);
    assertThat(sent(0, "x-request-id")).containsExactly("r-1");
    assertThat(second.headers().firstValue("Age")).hasValue("0");
    assertThat(body(second).at("/data/viewer").asText()).isEqualTo("first");
  }

  @Test
  void get_acceptLanguageUnkeyedByName_servedFromTheCacheAcrossLanguages() {
    start(upstream(UpstreamSettings.DEFAULTS.forwardHeaders(), List.of("accept-language")));

    get("de", "Accept-Language", "de");
    HttpResponse<String> french = get("fr", "Accept-Language", "fr");

    assertThat(gateway.upstreamCalls()).isEqualTo(1);
    assertThat(french.headers().firstValue("Age")).hasValue("0");
    assertThat(body(french).at("/data/viewer").asText()).isEqualTo("de");
    // an explicit list replaces the default: the tracing headers now key the cache
    assertThat(french.headers().firstValue("Vary"))
        .hasValue(
            "X-API-Key, Accept, Authorization, Cookie, Traceparent, Tracestate, Baggage,"
                + " X-Request-Id");
  }

  @Test
  void post_notCached_headersNeverHashedNorKeyed() {
    start(upstream(UpstreamSettings.DEFAULTS.forwardHeaders(), null));

    gateway.post("trusted-key", Map.of("documentId", greeting.hex()));
    gateway.post("trusted-key", Map.of("documentId", greeting.hex()));

    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  /**
   * The harness's policies, forwarding {@code forward}, with {@code unkeyed} as {@code
   * upstream.unkeyedHeaders} ({@code null}: the default, the tracing headers among {@code
   * forward}), no {@code varyHeaders}.
   */
  private static UpstreamSettings upstream(List<String> forward, @Nullable List<String> unkeyed) {
    UpstreamSettings defaults =
        UpstreamSettings.DEFAULTS
            .withTimeoutMillis(1_000)
            .withHeaderRules(forward, Map.of(), true, List.of(), List.of());
    return unkeyed == null ? defaults : defaults.withUnkeyedHeaders(unkeyed);
  }

  private void start(UpstreamSettings upstream) {
    gateway = GatewayHarness.startWith(upstream);
    greeting = gateway.publishFixed("web", "1", QUERY, "Greeting", OperationKind.QUERY, 3);
  }

  /**
   * A GET of the greeting by {@code trusted-key} with {@code headers}, answered for {@code who}.
   */
  private HttpResponse<String> get(String who, String... headers) {
    gateway.upstream.answeringFor(who);
    HttpResponse<String> response =
        gateway.get("trusted-key", Map.of("documentId", greeting.hex()), headers);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return response;
  }

  /** The values of header {@code name} that the upstream's call {@code index} carried. */
  private List<String> sent(int index, String name) {
    return gateway.upstream.requests().get(index).headers().getOrDefault(name, List.of());
  }
}
