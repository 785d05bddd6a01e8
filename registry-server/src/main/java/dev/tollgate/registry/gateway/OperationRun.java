package dev.tollgate.registry.gateway;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.admission.AdmittedOperation;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.calibration.CostMeter;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.upstream.UpstreamException;
import dev.tollgate.registry.upstream.UpstreamResponse;
import org.jspecify.annotations.Nullable;

/**
 * One admitted operation of a single request, run: answered from the response cache when it holds a
 * fresh answer, else by the upstream, then measured, settled and written with its caching headers
 * ({@link Gateway} says which answers are cacheable and how).
 */
final class OperationRun {

  private final UpstreamForwarder upstream;
  private final ResponseCache responses;
  private final CostMeter meter;
  private final GatewayMetrics metrics;
  private final ObjectMapper json;
  private final RefusalReplies refusals;

  OperationRun(
      UpstreamForwarder upstream,
      ResponseCache responses,
      CostMeter meter,
      GatewayMetrics metrics,
      ObjectMapper json,
      RefusalReplies refusals) {
    this.upstream = upstream;
    this.responses = responses;
    this.meter = meter;
    this.metrics = metrics;
    this.json = json;
    this.refusals = refusals;
  }

  /**
   * Runs one admitted operation: from the response cache when it holds a fresh answer, else
   * upstream.
   */
  GatewayAnswer run(
      Reply reply,
      GatewayCall call,
      Decision.Admitted admitted,
      @Nullable DocumentHash id,
      Callers.Caller caller,
      @Nullable String alias) {
    KeyPolicy policy = caller.policy();
    KeyPolicy bucket = caller.bucket();
    AdmittedOperation operation = admitted.operations().get(0);
    // only a GET or a QUERY can be cached: a POST need not hash its headers
    String headers = call.transport().safe() ? responses.headerDigest(call.headers()) : "";
    boolean shared = caller.anonymous() && headers.isEmpty();
    ResponseCache.Key key = responses.keyFor(call.transport(), operation, id, policy, headers);
    CachedResponse cached = key == null ? null : lookup(key, policy);
    if (cached != null) {
      reply.header("Age", Long.toString(responses.ageSeconds(cached)));
      int maxAge = Math.min(policy.cacheMaxAgeSeconds(), cached.maxAgeSeconds());
      Decision.Admitted settled = upstream.settled(bucket, admitted, cached.actual());
      meter.served(policy, operation, settled, alias);
      return cacheableAnswer(reply, call, settled, cached, shared, maxAge);
    }
    UpstreamResponse response;
    try {
      response = upstream.execute(call, operation, policy);
    } catch (UpstreamException e) {
      Decision.Rejected failed = upstream.failed(e, admitted, bucket);
      meter.refused(
          policy,
          operation.document(),
          operation.request().operationName(),
          alias,
          failed.refusal().code());
      return refusals.refuse(reply, failed);
    }
    reply.upstreamHeaders(upstream.returned(response));
    Decision.Admitted settled =
        upstream.settled(
            bucket, admitted, meter.answered(policy, operation, response.body()::data));
    meter.served(policy, operation, settled, alias);
    UpstreamCaching caching = responses.caching(call.transport(), operation, response);
    if (!caching.cacheable()) {
      GatewayHeaders.rateLimit(reply.headers(), settled.budget());
      reply.header("Cache-Control", GatewayHeaders.NO_CACHE);
      return reply.body(
          "ok", response.status(), GatewayBodies.result(json, response.body(), settled));
    }
    int maxAge = caching.maxAge(policy.cacheMaxAgeSeconds());
    if (maxAge <= 0) {
      // max-age 0: nothing may keep it, so no stored copy and no ETag to hash
      GatewayHeaders.rateLimit(reply.headers(), settled.budget());
      reply.header("Cache-Control", (shared ? "public" : "private") + ", max-age=0");
      return reply.body(
          "ok", response.status(), GatewayBodies.result(json, response.body(), settled));
    }
    CachedResponse fresh =
        CachedResponse.of(json, response.body().asMap(), settled, responses.now(), maxAge);
    if (key != null) {
      responses.store(key, fresh);
    }
    return cacheableAnswer(reply, call, settled, fresh, shared, maxAge);
  }

  /**
   * A cacheable answer, written from its stored bytes: {@code Cache-Control} public only for a
   * caller without key or credentials, with its max-age, and the strong ETag of the body without
   * {@code extensions.rateLimit}.
   */
  private GatewayAnswer cacheableAnswer(
      Reply reply,
      GatewayCall call,
      Decision.Admitted admitted,
      CachedResponse response,
      boolean shared,
      int maxAge) {
    GatewayHeaders.rateLimit(reply.headers(), admitted.budget());
    String etag = response.etag(admitted);
    reply.header("Cache-Control", (shared ? "public" : "private") + ", max-age=" + maxAge);
    reply.header("ETag", etag);
    if (GatewayHeaders.matches(call.ifNoneMatch(), etag)) {
      return reply.notModified("ok");
    }
    return reply.body("ok", 200, response.body(admitted));
  }

  private @Nullable CachedResponse lookup(ResponseCache.Key key, KeyPolicy policy) {
    CachedResponse cached = responses.find(key, policy.cacheMaxAgeSeconds());
    metrics.responseCache(cached != null);
    return cached;
  }
}
