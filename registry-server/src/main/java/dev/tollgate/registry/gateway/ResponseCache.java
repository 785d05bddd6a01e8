package dev.tollgate.registry.gateway;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.tollgate.registry.admission.AdmittedOperation;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.admission.UpstreamRequest;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.upstream.UpstreamResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The gateway's own cache of upstream answers, so that a registered query fetched by GET is
 * answered without calling the upstream again.
 *
 * <p>What is cached, decided here only ({@link #caching}): a query of a registered document fetched
 * by id with GET, answered by the upstream with 200 and no {@code errors}, whose headers allow it
 * ({@link UpstreamCaching}: no {@code Set-Cookie}, no {@code Cache-Control: private}, {@code
 * no-store} or {@code no-cache}); the same answers get {@code Cache-Control: max-age} and an ETag.
 * Never a mutation, a POST, a document sent as text, a batch, an error or a refusal.
 *
 * <p>The key is everything the upstream's answer may depend on: the caller's policy, a SHA-256
 * digest of the headers it sent that the upstream may answer by ({@link CacheKeyHeaders}: {@code
 * authorization}, {@code cookie}, every other forwarded header but {@code upstream.unkeyedHeaders},
 * {@code upstream.varyHeaders}), the document's hash, the operation name and the variables as
 * canonical JSON (object keys sorted). Callers with the same policy and the same such headers share
 * an entry; one with other credentials, another {@code Accept-Language}, or none, never reads it.
 * The entry holds the upstream's body serialised once, with our per-request {@code extensions.cost}
 * and {@code extensions.rateLimit} written into it on each hit (see {@link CachedResponse}).
 *
 * <p>For how long: an entry is served while it is younger than its max-age, the caller's {@code
 * cacheMaxAgeSeconds} or the upstream's {@code max-age} if shorter, the {@code max-age} the caller
 * is told anyway; an answer whose max-age is 0 is never stored. The wiring bounds the cache by
 * bytes (weighed here) and expires entries after the longest max-age of any policy; both the cache
 * and this class read time from the same {@link Ticker}. Admission comes first: every hit has been
 * admitted and charged exactly as a miss, and refusals never reach the cache.
 */
final class ResponseCache {

  private final Cache<Key, CachedResponse> entries;
  private final Ticker ticker;
  private final ObjectWriter canonical;
  private final CacheKeyHeaders keyHeaders;

  /**
   * @param entries the wiring's bounds: {@code maximumWeight} (weighed here, in bytes), expiring
   *     after the longest max-age, with {@code recordStats()}, on {@code ticker}
   * @param ticker the clock of entry ages, the same as {@code entries}'
   */
  ResponseCache(
      Caffeine<Object, Object> entries,
      Ticker ticker,
      ObjectMapper json,
      CacheKeyHeaders keyHeaders) {
    this.entries = entries.weigher(ResponseCache::weigh).build();
    this.ticker = ticker;
    this.canonical = json.writer().with(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    this.keyHeaders = keyHeaders;
  }

  /** Caffeine weigher: roughly the bytes an entry holds. */
  private static int weigh(Key key, CachedResponse response) {
    long weight =
        (long) response.weight()
            + (key.variables().length() + key.headers().length() + key.policy().length()) * 2L
            + 256;
    return (int) Math.min(Integer.MAX_VALUE, weight);
  }

  /**
   * The rule of what is cacheable: a query of a registered document, fetched by its id with GET,
   * that the upstream answered with 200, no {@code errors} and headers that allow it; {@link
   * UpstreamCaching#NEVER} otherwise.
   */
  UpstreamCaching caching(
      Transport transport, AdmittedOperation operation, UpstreamResponse response) {
    if (!cacheable(transport, operation)
        || response.status() != 200
        || response.body().hasErrors()) {
      return UpstreamCaching.NEVER;
    }
    return UpstreamCaching.of(response.headers(), keyHeaders.names());
  }

  /** The request half of {@link #caching}. */
  private static boolean cacheable(Transport transport, AdmittedOperation operation) {
    return transport.safe()
        && operation.registeredById()
        && operation.kind() == OperationKind.QUERY;
  }

  /**
   * The key of an admitted operation that may be answered from the cache: a cacheable request for
   * its id {@code document}, by a caller whose max-age is not 0; else {@code null}.
   *
   * @param headers the digest of the caller's keyed headers ({@link #headerDigest})
   */
  @Nullable Key keyFor(
      Transport transport,
      AdmittedOperation operation,
      @Nullable DocumentHash document,
      KeyPolicy policy,
      String headers) {
    if (document == null || !cacheable(transport, operation) || policy.cacheMaxAgeSeconds() <= 0) {
      return null;
    }
    return key(policy.name(), headers, document, operation.request());
  }

  /** The digest of the keyed headers among {@code headers}; empty when there are none. */
  String headerDigest(GatewayCall.Headers headers) {
    Map<String, List<String>> sent = new HashMap<>();
    for (String name : keyHeaders.names()) {
      List<String> values = headers.values(name);
      if (!values.isEmpty()) {
        sent.put(name, values);
      }
    }
    return keyHeaders.digest(sent);
  }

  /** The entries, for their statistics. */
  Cache<?, ?> entries() {
    return entries;
  }

  /**
   * The key of {@code request} sent for the registered document {@code document} by a caller of
   * {@code policy} with the keyed headers of digest {@code headers}.
   */
  Key key(String policy, String headers, DocumentHash document, UpstreamRequest request) {
    return new Key(
        policy, headers, document, request.operationName(), canonicalJson(request.variables()));
  }

  /**
   * The entry of {@code key} if it is younger than {@code maxAgeSeconds} and its own max-age, else
   * {@code null}.
   */
  @Nullable CachedResponse find(Key key, int maxAgeSeconds) {
    CachedResponse cached = entries.getIfPresent(key);
    if (cached == null
        || ageNanos(cached)
            >= TimeUnit.SECONDS.toNanos(Math.min(maxAgeSeconds, cached.maxAgeSeconds()))) {
      return null;
    }
    return cached;
  }

  void store(Key key, CachedResponse response) {
    entries.put(key, response);
  }

  /** Now, on the ticker: the time to store with a new entry. */
  long now() {
    return ticker.read();
  }

  /** Whole seconds since {@code response} was stored, for the {@code Age} header. */
  long ageSeconds(CachedResponse response) {
    return TimeUnit.NANOSECONDS.toSeconds(Math.max(0, ageNanos(response)));
  }

  private long ageNanos(CachedResponse response) {
    return ticker.read() - response.storedAtNanos();
  }

  private String canonicalJson(Map<String, @Nullable Object> variables) {
    if (variables.isEmpty()) {
      return "{}";
    }
    String flat = FlatVariables.json(variables);
    if (flat != null) {
      return flat;
    }
    try {
      return canonical.writeValueAsString(variables);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode variables", e);
    }
  }

  /**
   * Who asked and what the upstream receives, and so everything its answer depends on.
   *
   * @param policy the caller's policy name
   * @param headers the SHA-256 hex digest of the caller's keyed headers ({@link CacheKeyHeaders}),
   *     empty for none
   * @param variables the request's variables as JSON with object keys sorted at every level
   */
  record Key(
      String policy,
      String headers,
      DocumentHash document,
      @Nullable String operationName,
      String variables) {}
}
