package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The response cache never serves one caller's answer to another (issue 11, section 2), over real
 * HTTP. The fake upstream answers each caller with its own data ({@code data.viewer}), as an
 * upstream that reads the caller's {@code Authorization} would: the test tells it who is calling
 * before each request, so an answer served from an entry made for someone else shows the wrong
 * viewer.
 */
final class GatewayCacheIsolationTest {

  private static final String QUERY =
      "query Viewer($run: Int) { cargo(trackingId: \"ABC123\") { id } }";
  private static final String HITS = "tollgate_response_cache_hits_total";

  /** alice, bob and the anonymous caller (no key, no credentials). */
  private static final List<String> CALLERS = List.of("alice", "bob", "anonymous");

  @AutoClose private final GatewayHarness gateway = GatewayHarness.start();
  private final DocumentHash viewer =
      gateway.publishFixed("web", "1", QUERY, "Viewer", OperationKind.QUERY, 3);

  /* ---- three callers, every interleaving ---- */

  @Test
  void get_threeCallersTwiceEach_everyInterleaving_eachGetsItsOwnAnswer() {
    List<List<String>> interleavings = interleavings(List.of(), twice(CALLERS));
    // 6! / (2! 2! 2!) = 90 orders of two requests by each of three callers
    assertThat(interleavings).hasSize(90);

    for (int run = 0; run < interleavings.size(); run++) {
      // the fake's own record: scraping /metrics 180 times would take most of the test's time
      int callsBefore = gateway.upstream.requests().size();
      for (String caller : interleavings.get(run)) {
        assertOwnAnswer(caller, get(caller, run), interleavings.get(run));
      }
      // each caller's first request fills its own entry, its second is answered from it
      assertThat(gateway.upstream.requests().size() - callsBefore).as("run %d", run).isEqualTo(3);
    }
    assertThat(gateway.counter(HITS)).isEqualTo(3L * 90);
    assertThat(gateway.upstreamCalls()).isEqualTo(3L * 90);
  }

  @Test
  void get_threeCallersAnyCacheTiming_eachGetsItsOwnAnswer() {
    // 300 requests in a random order of callers, the clock moving 0 to 90 s between them, so
    // entries are made, served, expired and made again in every order (seeded: reproducible)
    Random random = new Random(11);
    for (int i = 0; i < 300; i++) {
      String caller = CALLERS.get(random.nextInt(CALLERS.size()));
      assertOwnAnswer(caller, get(caller, 0), List.of("request " + i));
      gateway.clock.advance(Duration.ofSeconds(random.nextInt(4) * 30L));
    }
    assertThat(gateway.counter(HITS)).isPositive();
  }

  @Test
  void get_sameCredentialOtherApiKey_otherEntry() {
    gateway.upstream.answeringFor("alice");
    gateway.get("trusted-key", Map.of("documentId", viewer.hex()), "Authorization", "Bearer alice");

    gateway.get("strict-key", Map.of("documentId", viewer.hex()), "Authorization", "Bearer alice");

    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  @Test
  void get_otherCookieOrVaryHeader_otherEntry_sameOnes_sameEntry() {
    gateway.upstream.answeringFor("cookie-1");
    gateway.get(null, Map.of("documentId", viewer.hex()), "Cookie", "session=1");
    gateway.upstream.answeringFor("cookie-2");
    HttpResponse<String> other =
        gateway.get(null, Map.of("documentId", viewer.hex()), "Cookie", "session=2");
    gateway.upstream.answeringFor("tenant-7");
    HttpResponse<String> tenant =
        gateway.get(
            null, Map.of("documentId", viewer.hex()), "Cookie", "session=1", "X-Tenant", "7");
    gateway.upstream.answeringFor("nobody");
    HttpResponse<String> again =
        gateway.get(null, Map.of("documentId", viewer.hex()), "Cookie", "session=1");

    assertThat(body(other).at("/data/viewer").asText()).isEqualTo("cookie-2");
    assertThat(body(tenant).at("/data/viewer").asText()).isEqualTo("tenant-7");
    assertThat(body(again).at("/data/viewer").asText()).isEqualTo("cookie-1");
    assertThat(gateway.upstreamCalls()).isEqualTo(3);
  }

  /* ---- what the upstream's headers forbid ---- */

  @Test
  void get_upstreamSetsCookie_neverCachedNorReplayed() {
    gateway.upstream.headers(Map.of("Set-Cookie", List.of("session=alice; HttpOnly")));

    gateway.upstream.answeringFor("alice");
    HttpResponse<String> first =
        gateway.get(null, Map.of("documentId", viewer.hex()), "Authorization", "Bearer alice");
    HttpResponse<String> second =
        gateway.get(null, Map.of("documentId", viewer.hex()), "Authorization", "Bearer alice");
    gateway.upstream.answeringFor(null);
    HttpResponse<String> anonymous = gateway.get(null, Map.of("documentId", viewer.hex()));

    assertThat(gateway.upstreamCalls()).isEqualTo(3);
    assertThat(gateway.counter(HITS)).isZero();
    assertThat(first.headers().firstValue("Cache-Control"))
        .hasValue("private, no-cache, must-revalidate");
    assertThat(first.headers().firstValue("ETag")).isEmpty();
    assertThat(second.headers().firstValue("Age")).isEmpty();
    assertThat(body(anonymous).at("/data/viewer").isMissingNode()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"private", "no-store", "private, max-age=60", "no-cache"})
  void get_upstreamCacheControlForbids_neverCached(String cacheControl) {
    gateway.upstream.headers(Map.of("Cache-Control", List.of(cacheControl)));

    HttpResponse<String> first = gateway.get("trusted-key", Map.of("documentId", viewer.hex()));
    gateway.get("trusted-key", Map.of("documentId", viewer.hex()));

    assertThat(gateway.upstreamCalls()).isEqualTo(2);
    assertThat(first.headers().firstValue("Cache-Control"))
        .hasValue("private, no-cache, must-revalidate");
  }

  @Test
  void get_upstreamMaxAgeShorterThanPolicy_theShorterWins() {
    // the policy's max-age is 60 s; the upstream allows 10
    gateway.upstream.headers(Map.of("Cache-Control", List.of("public, max-age=10")));

    HttpResponse<String> first = gateway.get("trusted-key", Map.of("documentId", viewer.hex()));
    gateway.clock.advance(Duration.ofSeconds(9));
    HttpResponse<String> hit = gateway.get("trusted-key", Map.of("documentId", viewer.hex()));
    gateway.clock.advance(Duration.ofSeconds(1));
    gateway.get("trusted-key", Map.of("documentId", viewer.hex()));

    assertThat(first.headers().firstValue("Cache-Control")).hasValue("private, max-age=10");
    assertThat(hit.headers().firstValue("Cache-Control")).hasValue("private, max-age=10");
    assertThat(hit.headers().firstValue("Age")).hasValue("9");
    // the first fills the entry, the second is a hit, the third (10 s old) is a miss
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  @Test
  void get_upstreamMaxAgeLongerThanPolicy_policyWins() {
    gateway.upstream.headers(Map.of("Cache-Control", List.of("max-age=3600")));

    HttpResponse<String> first = gateway.get(null, Map.of("documentId", viewer.hex()));
    gateway.clock.advance(Duration.ofSeconds(60));
    gateway.get(null, Map.of("documentId", viewer.hex()));

    assertThat(first.headers().firstValue("Cache-Control")).hasValue("public, max-age=60");
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  @Test
  void get_upstreamMaxAgeZero_answeredButNotStored() {
    gateway.upstream.headers(Map.of("Cache-Control", List.of("max-age=0")));

    HttpResponse<String> first = gateway.get(null, Map.of("documentId", viewer.hex()));
    gateway.get(null, Map.of("documentId", viewer.hex()));

    assertThat(first.headers().firstValue("Cache-Control")).hasValue("public, max-age=0");
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  /* ---- response headers ---- */

  @Test
  void get_withCredentials_privateAndVaryNamesEveryKeyedHeader() {
    HttpResponse<String> alice =
        gateway.get(null, Map.of("documentId", viewer.hex()), "Authorization", "Bearer alice");
    HttpResponse<String> anonymous = gateway.get(null, Map.of("documentId", viewer.hex()));

    assertThat(alice.headers().firstValue("Cache-Control")).hasValue("private, max-age=60");
    assertThat(anonymous.headers().firstValue("Cache-Control")).hasValue("public, max-age=60");
    for (HttpResponse<String> response : List.of(alice, anonymous)) {
      // the forwarded Accept-Language keys the cache too (issue 23 item 2)
      assertThat(response.headers().firstValue("Vary"))
          .hasValue("X-API-Key, Accept, Authorization, Cookie, Accept-Language, X-Tenant");
    }
  }

  /* ---- helpers ---- */

  private HttpResponse<String> get(String caller, int run) {
    gateway.upstream.answeringFor(caller);
    Map<String, String> parameters =
        Map.of("documentId", viewer.hex(), "variables", "{\"run\":" + run + "}");
    if (caller.equals("anonymous")) {
      return gateway.get(null, parameters);
    }
    return gateway.get(null, parameters, "Authorization", "Bearer " + caller);
  }

  private static void assertOwnAnswer(
      String caller, HttpResponse<String> response, List<String> order) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(body(response).at("/data/viewer").asText())
        .as("%s in %s", caller, order)
        .isEqualTo(caller);
    String visibility = caller.equals("anonymous") ? "public" : "private";
    assertThat(response.headers().firstValue("Cache-Control"))
        .hasValueSatisfying(value -> assertThat(value).startsWith(visibility + ", max-age="));
  }

  private static List<String> twice(List<String> callers) {
    List<String> each = new ArrayList<>();
    for (String caller : callers) {
      each.add(caller);
      each.add(caller);
    }
    return each;
  }

  /** Every distinct order of {@code rest} after {@code prefix}. */
  private static List<List<String>> interleavings(List<String> prefix, List<String> rest) {
    if (rest.isEmpty()) {
      return List.of(prefix);
    }
    List<List<String>> all = new ArrayList<>();
    for (int i = 0; i < rest.size(); i++) {
      if (rest.indexOf(rest.get(i)) != i) {
        continue; // the same caller at an earlier index gives the same orders
      }
      List<String> next = new ArrayList<>(prefix);
      next.add(rest.get(i));
      List<String> remaining = new ArrayList<>(rest);
      remaining.remove(i);
      all.addAll(interleavings(next, remaining));
    }
    return all;
  }
}
