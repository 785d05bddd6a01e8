package dev.tollgate.registry.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.admission.AdmittedOperation;
import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.admission.UpstreamRequest;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.upstream.UpstreamResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Keys by what the upstream receives; entries served only while younger than the caller's max-age.
 */
final class ResponseCacheTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DocumentHash DOCUMENT = DocumentHash.of("query Cargo { cargo { id } }");

  private final AtomicLong nanos = new AtomicLong(1_000);
  private final ResponseCache cache =
      new ResponseCache(
          Caffeine.newBuilder()
              .maximumWeight(1 << 20)
              .expireAfterWrite(60, TimeUnit.SECONDS)
              .ticker(nanos::get)
              .recordStats(),
          nanos::get,
          JSON,
          // the credentials only, as a config forwarding nothing else would
          new CacheKeyHeaders(List.of("authorization", "cookie")));

  /* ---- key ---- */

  @Test
  void key_variablesInAnyOrder_sameKey() {
    Map<String, @Nullable Object> nested = new LinkedHashMap<>();
    nested.put("z", 1);
    nested.put("a", null);
    Map<String, @Nullable Object> one = new LinkedHashMap<>();
    one.put("b", nested);
    one.put("a", List.of("x"));
    Map<String, @Nullable Object> other = new LinkedHashMap<>();
    other.put("a", List.of("x"));
    other.put("b", reversed(nested));

    ResponseCache.Key key = cache.key("web", "", DOCUMENT, new UpstreamRequest("q", "Cargo", one));

    assertThat(key)
        .isEqualTo(cache.key("web", "", DOCUMENT, new UpstreamRequest("q", "Cargo", other)));
    assertThat(key.variables()).isEqualTo("{\"a\":[\"x\"],\"b\":{\"a\":null,\"z\":1}}");
  }

  @Test
  void key_otherOperationName_otherKey() {
    assertThat(cache.key("web", "", DOCUMENT, new UpstreamRequest("q", "A", Map.of())))
        .isNotEqualTo(cache.key("web", "", DOCUMENT, new UpstreamRequest("q", "B", Map.of())));
  }

  /* ---- keyFor ---- */

  @Test
  void keyFor_registeredQueryByGet_key() {
    assertThat(
            cache.keyFor(
                Transport.GET, operation(OperationKind.QUERY, true), DOCUMENT, policy(60), ""))
        .isEqualTo(new ResponseCache.Key("web", "", DOCUMENT, "Cargo", "{}"));
  }

  @Test
  void keyFor_post_null() {
    assertThat(
            cache.keyFor(
                Transport.POST, operation(OperationKind.QUERY, true), DOCUMENT, policy(60), ""))
        .isNull();
  }

  @Test
  void keyFor_documentSentAsText_null() {
    assertThat(
            cache.keyFor(
                Transport.GET, operation(OperationKind.QUERY, false), DOCUMENT, policy(60), ""))
        .isNull();
  }

  @Test
  void keyFor_mutation_null() {
    assertThat(
            cache.keyFor(
                Transport.GET, operation(OperationKind.MUTATION, true), DOCUMENT, policy(60), ""))
        .isNull();
  }

  @Test
  void keyFor_callerWithMaxAgeZero_null() {
    assertThat(
            cache.keyFor(
                Transport.GET, operation(OperationKind.QUERY, true), DOCUMENT, policy(0), ""))
        .isNull();
  }

  @Test
  void keyFor_otherCredentials_otherKey() {
    AdmittedOperation query = operation(OperationKind.QUERY, true);
    String alice = cache.headerDigest(authorization("Bearer alice"));
    String bob = cache.headerDigest(authorization("Bearer bob"));

    ResponseCache.Key forAlice = cache.keyFor(Transport.GET, query, DOCUMENT, policy(60), alice);

    assertThat(forAlice).isNotNull();
    assertThat(forAlice.headers()).hasSize(64).isNotEqualTo(bob);
    assertThat(forAlice)
        .isNotEqualTo(cache.keyFor(Transport.GET, query, DOCUMENT, policy(60), bob));
    assertThat(forAlice).isNotEqualTo(cache.keyFor(Transport.GET, query, DOCUMENT, policy(60), ""));
    assertThat(forAlice)
        .isEqualTo(
            cache.keyFor(
                Transport.GET,
                query,
                DOCUMENT,
                policy(60),
                cache.headerDigest(authorization("Bearer alice"))));
  }

  @Test
  void keyFor_otherPolicy_otherKey() {
    AdmittedOperation query = operation(OperationKind.QUERY, true);
    KeyPolicy other = policy(60).transform(policy -> policy.name("partner"));

    assertThat(cache.keyFor(Transport.GET, query, DOCUMENT, policy(60), ""))
        .isNotEqualTo(cache.keyFor(Transport.GET, query, DOCUMENT, other, ""));
  }

  /* ---- caching ---- */

  @Test
  void caching_upstreamWithoutHeaders_anyAge() {
    assertThat(cache.caching(Transport.GET, operation(OperationKind.QUERY, true), answer(Map.of())))
        .isEqualTo(UpstreamCaching.ANY);
  }

  @Test
  void caching_upstreamErrors_never() {
    UpstreamResponse errors =
        new UpstreamResponse(200, Map.of("errors", List.of(Map.of("message", "no"))));

    assertThat(cache.caching(Transport.GET, operation(OperationKind.QUERY, true), errors))
        .isEqualTo(UpstreamCaching.NEVER);
  }

  @Test
  void caching_post_never() {
    assertThat(
            cache.caching(Transport.POST, operation(OperationKind.QUERY, true), answer(Map.of())))
        .isEqualTo(UpstreamCaching.NEVER);
  }

  @Test
  void caching_upstreamMaxAge_passedOn() {
    UpstreamCaching caching =
        cache.caching(
            Transport.GET,
            operation(OperationKind.QUERY, true),
            answer(Map.of("Cache-Control", List.of("public, max-age=5"))));

    assertThat(caching.cacheable()).isTrue();
    assertThat(caching.maxAge(60)).isEqualTo(5);
    assertThat(caching.maxAge(3)).isEqualTo(3);
  }

  /* ---- find ---- */

  @Test
  void find_youngerThanMaxAge_found() {
    ResponseCache.Key key = stored();
    nanos.addAndGet(TimeUnit.SECONDS.toNanos(29));

    assertThat(cache.find(key, 30)).isNotNull();
    assertThat(cache.ageSeconds(cache.find(key, 30))).isEqualTo(29);
  }

  @Test
  void find_asOldAsMaxAge_absent() {
    ResponseCache.Key key = stored();
    nanos.addAndGet(TimeUnit.SECONDS.toNanos(30));

    assertThat(cache.find(key, 30)).isNull();
    assertThat(cache.find(key, 60)).isNotNull();
  }

  @Test
  void find_maxAgeZero_absent() {
    ResponseCache.Key key = stored();

    assertThat(cache.find(key, 0)).isNull();
  }

  @Test
  void find_olderThanTheEntrysOwnMaxAge_absent() {
    ResponseCache.Key key = cache.key("web", "", DOCUMENT, new UpstreamRequest("q", "C", Map.of()));
    cache.store(key, entry(5));
    nanos.addAndGet(TimeUnit.SECONDS.toNanos(5));

    assertThat(cache.find(key, 60)).isNull();
  }

  private static UpstreamResponse answer(Map<String, List<String>> headers) {
    return new UpstreamResponse(200, Map.of("data", Map.of("cargo", Map.of("id", "c"))), headers);
  }

  private CachedResponse entry(int maxAgeSeconds) {
    AdmittedOperation operation =
        new AdmittedOperation(
            new UpstreamRequest("q", "C", Map.of()),
            OperationKind.QUERY,
            1,
            true,
            null,
            DocumentHash.of("q"),
            true);
    Decision.Admitted admitted =
        new Decision.Admitted(List.of(operation), 1L, 1000, new BudgetCharge(true, 1, 9, 1, 0, 10));
    return CachedResponse.of(
        JSON,
        Map.of("data", Map.of("cargo", Map.of("id", "c"))),
        admitted,
        cache.now(),
        maxAgeSeconds);
  }

  private static AdmittedOperation operation(OperationKind kind, boolean registeredById) {
    return new AdmittedOperation(
        new UpstreamRequest("q", "Cargo", Map.of()), kind, 1, registeredById, null, DOCUMENT, true);
  }

  private static KeyPolicy policy(int maxAgeSeconds) {
    return KeyPolicy.newPolicy("web")
        .apps(Set.of("web"))
        .budget(new KeyPolicy.Budget(100, 1))
        .cacheMaxAgeSeconds(maxAgeSeconds)
        .build();
  }

  private ResponseCache.Key stored() {
    ResponseCache.Key key =
        cache.key("web", "", DOCUMENT, new UpstreamRequest("q", "Cargo", Map.of()));
    AdmittedOperation operation =
        new AdmittedOperation(
            new UpstreamRequest("q", "Cargo", Map.of()),
            OperationKind.QUERY,
            1,
            true,
            null,
            DOCUMENT,
            true);
    Decision.Admitted admitted =
        new Decision.Admitted(List.of(operation), 1L, 1000, new BudgetCharge(true, 1, 9, 1, 0, 10));
    cache.store(
        key,
        CachedResponse.of(
            JSON, Map.of("data", Map.of("cargo", Map.of("id", "c"))), admitted, cache.now()));
    return key;
  }

  private static Map<String, @Nullable Object> reversed(Map<String, @Nullable Object> map) {
    Map<String, @Nullable Object> reversed = new LinkedHashMap<>();
    List<String> keys = new ArrayList<>(map.keySet());
    Collections.reverse(keys);
    for (String key : keys) {
      reversed.put(key, map.get(key));
    }
    return reversed;
  }

  /** The request headers of a caller that sends only {@code Authorization: value}. */
  private static GatewayCall.Headers authorization(String value) {
    return name -> name.equals("authorization") ? List.of(value) : List.of();
  }
}
