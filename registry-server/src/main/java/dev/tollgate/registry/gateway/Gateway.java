package dev.tollgate.registry.gateway;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.AdmissionRequest;
import dev.tollgate.registry.admission.BatchDecision;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.calibration.CostMeter;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.error.TollgateException;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.upstream.Upstream;
import dev.tollgate.registry.upstream.UpstreamSettings;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gateway's entry: runs one {@code /graphql} request, admit → cache → forward → render, and
 * returns the answer as status, headers and bytes, counted in the {@link GatewayMetrics}.
 *
 * <p>The contract:
 *
 * <ul>
 *   <li>Errors are GraphQL-shaped, with no {@code data}: {@code {"errors":[{"message","extensions":
 *       {"code",..}}],"extensions":{"cost"?,"rateLimit"}}}. The upstream failing (refused, reset,
 *       past {@code upstream.timeoutMillis}, larger than {@code upstream.maxResponseBytes}, a 5xx
 *       or not GraphQL) is a 502 {@code UPSTREAM_ERROR}, and {@code upstream.maxInFlight} calls in
 *       flight a 503 {@code UPSTREAM_BUSY} ({@code Retry-After}); neither is charged (the units are
 *       given back).
 *   <li>Batches (a JSON array body, with {@code gateway.batching}): answered with an array, one
 *       entry per operation in order, each decided, charged, run and measured as a single request
 *       would be ({@link BatchRun}); a 200 in both media types. A batch refused as a whole ({@code
 *       BATCHING_NOT_SUPPORTED}, {@code BATCH_TOO_LARGE}) is answered with an array holding that
 *       error once per element, with the error's status. A body that cannot be read (not JSON, an
 *       element that is not a GraphQL request) is one error object, as for a single request.
 *   <li>Measured cost ({@code CostMeter}): an answer's actual cost is measured when the upstream
 *       answers ({@code extensions.cost.actual}), and a cache hit reuses the actual measured when
 *       it was stored; under a policy with {@code budget.refund}, estimated − actual is given back
 *       ({@code extensions.rateLimit.refunded}).
 *   <li>Content type: {@code application/graphql-response+json} when {@code Accept} names it, else
 *       {@code application/json}; so {@code Vary} names {@code X-API-Key}, {@code Accept} and the
 *       headers of the cache key ({@code CacheKeyHeaders}: {@code Authorization}, {@code Cookie},
 *       the forwarded headers but {@code upstream.unkeyedHeaders}, {@code upstream.varyHeaders}) on
 *       every answer.
 *   <li>Statuses depend on the media type, as GraphQL over HTTP says ({@code
 *       GatewayHeaders.status}). In {@code application/graphql-response+json}: 400 for request
 *       errors (bad JSON, bad id, limits, cost, parse and validation failures, {@code
 *       BAD_USER_INPUT}), 403 {@code QUERY_NOT_IN_SAFELIST}/{@code INTROSPECTION_DISABLED}, 404
 *       {@code PERSISTED_QUERY_NOT_IN_LIST}, 429 ({@code Retry-After}). In {@code application/json}
 *       (a client that accepts only it, {@code *}{@code /*}, or sends no {@code Accept}) each of
 *       these is a 200 with the same body and headers, so clients that read only 2xx bodies see
 *       {@code extensions.code}. In both: 401 unknown key or refused bearer token, 405 mutation by
 *       GET ({@code Allow: POST}), 413, 415, 400 {@code BAD_REQUEST} (a body that is not JSON, or
 *       JSON that is not a GraphQL request), 502 {@code UPSTREAM_ERROR}, 503 {@code
 *       BUDGET_STORE_UNAVAILABLE} ({@code Retry-After}; the Redis budget store is down and the
 *       key's {@code budget.onStoreFailure} is {@code deny}), 503 {@code JWKS_UNAVAILABLE} ({@code
 *       Retry-After}; {@code auth.jwt}'s keys past their max age); an APQ miss ({@code
 *       PERSISTED_QUERY_NOT_FOUND}) is a 200, as Apollo clients expect. A bug or a broken
 *       dependency is a 500 in the same shape that names nothing internal.
 *   <li>Every answer but those to credentials that name nobody (401, 503 {@code JWKS_UNAVAILABLE},
 *       400 for a key and a bearer token at once: no policy is known) carries {@code
 *       X-RateLimit-Limit/Remaining/Reset} and {@code extensions.rateLimit {cost (units charged by
 *       this request), remaining, resetIn}}, except a refusal whose balance this gateway does not
 *       know (a Redis bucket it has not charged; a 503): refusals never call the budget store;
 *       {@code extensions.cost {estimated, max}} whenever the request was priced, with {@code
 *       wouldRefuse} (the code enforcing would have refused with) when a measure-mode request
 *       breached a limit; such a request is also counted in {@code
 *       tollgate_would_refuse_total{code}}.
 *   <li>Caching ({@code ResponseCache.caching}): a registered query fetched by id with GET,
 *       answered without errors and with upstream headers that allow it (no {@code Set-Cookie}, no
 *       {@code Cache-Control: private}, {@code no-store} or {@code no-cache}), gets {@code
 *       Cache-Control: public, max-age=N} (a caller with neither key nor keyed headers) or {@code
 *       private, max-age=N}, N the policy's max-age or the upstream's if shorter, and, when N is
 *       above 0, a strong {@code ETag} over the response without {@code extensions.rateLimit}
 *       (which changes on every request and is in the headers too); {@code If-None-Match} gives a
 *       304 (still charged). Everything else gets {@code Cache-Control: private, no-cache,
 *       must-revalidate}.
 *   <li>Those cacheable answers are also kept in the gateway's response cache for that max-age,
 *       keyed by the caller's policy and a digest of its keyed headers: a later GET of the same
 *       query with the same variables by a caller with the same policy and keyed headers is
 *       admitted and charged as usual and then answered from it without an upstream call (with an
 *       {@code Age} header), the body identical to the upstream's answer but for our extensions. A
 *       caller who sent other keyed headers (credentials, {@code Accept-Language}), or none, never
 *       gets it. Duplicate credential headers are refused from the headers ({@link
 *       #refuseHeaders}).
 * </ul>
 */
public final class Gateway {

  private static final Logger LOG = LoggerFactory.getLogger(Gateway.class);

  private final AdmissionController admission;
  private final ResponseCache responses;
  private final CacheKeyHeaders keyHeaders;
  private final GatewayMetrics metrics;
  private final Callers callers;
  private final CostMeter meter;
  private final BatchRun batches;
  private final OperationRun runs;
  private final RefusalReplies refusals;

  /**
   * @param callers the policy of each key, and of a caller without one
   * @param upstream the raw upstream; calls are counted in {@code metrics} here
   * @param settings how the upstream is called: its bounds and header rules
   * @param responseCache the bounds of the response cache, set by the wiring: {@code maximumWeight}
   *     in bytes, {@code expireAfterWrite} the longest max-age, {@code recordStats()}, on {@code
   *     ticker}
   * @param ticker the clock of cached answers' ages, the same as {@code responseCache}'s
   * @param meter measures each answer's actual cost (and its calibration and usage counters)
   */
  public Gateway(
      AdmissionController admission,
      Callers callers,
      Upstream upstream,
      UpstreamSettings settings,
      Caffeine<Object, Object> responseCache,
      Ticker ticker,
      GatewayMetrics metrics,
      ObjectMapper json,
      CostMeter meter) {
    this.admission = admission;
    UpstreamForwarder forwarder =
        new UpstreamForwarder(metrics.counting(upstream), admission, settings);
    this.keyHeaders = CacheKeyHeaders.of(settings);
    LOG.info("response cache keys on headers {}", settings.describeCacheKey());
    this.responses = new ResponseCache(responseCache, ticker, json, keyHeaders);
    this.metrics = metrics;
    this.callers = callers;
    this.meter = meter;
    this.refusals = new RefusalReplies(json);
    this.batches = new BatchRun(admission, forwarder, meter, metrics, json);
    this.runs = new OperationRun(forwarder, responses, meter, metrics, json, refusals);
  }

  /** The response cache, for its statistics. */
  public Cache<?, ?> responseCache() {
    return responses.entries();
  }

  /** Answers {@code call}; never throws. */
  public GatewayAnswer execute(GatewayCall call) {
    Reply reply = new Reply(metrics, call.accept(), keyHeaders.vary());
    try {
      return handle(call, reply);
    } catch (RuntimeException e) {
      LOG.error("unexpected error on {} /graphql", call.transport(), e);
      return refusals.internalError(reply);
    }
  }

  /**
   * The 401 that {@link #execute} gives {@code apiKey} when no policy is configured for it (counted
   * alike), or {@code null} for a known key or none: so that such a request can be refused from its
   * headers, before its body is read.
   */
  public @Nullable GatewayAnswer refuseUnknownKey(
      @Nullable String apiKey, @Nullable String accept) {
    return refuseCaller(apiKey, null, accept);
  }

  /**
   * The answer that {@link #execute} gives a request with these credential headers when they name
   * nobody (an unknown key: 401; a bearer token refused: 401, or 503 {@code JWKS_UNAVAILABLE} with
   * {@code Retry-After}; a key and a bearer token at once: 400), or {@code null} when they name a
   * caller: so that such a request can be refused from its headers, before its body is read.
   */
  public @Nullable GatewayAnswer refuseCaller(
      @Nullable String apiKey, @Nullable String authorization, @Nullable String accept) {
    return refusal(identify(apiKey, authorization), accept);
  }

  /**
   * Who these credential headers name ({@code null}: absent), to be handed to {@link #execute} with
   * the call ({@link GatewayCall#identity}) so that a request checked from its headers is not
   * identified again.
   */
  public Callers.Identity identify(@Nullable String apiKey, @Nullable String authorization) {
    return callers.identify(apiKey, authorization);
  }

  /** The answer to a request whose credentials name nobody, or {@code null} for a caller. */
  public @Nullable GatewayAnswer refusal(Callers.Identity identity, @Nullable String accept) {
    if (identity instanceof Callers.Unidentified nobody) {
      return refusals.unidentified(new Reply(metrics, accept, keyHeaders.vary()), nobody);
    }
    return null;
  }

  private GatewayAnswer handle(GatewayCall call, Reply reply) {
    Callers.Identity identity = call.identity();
    if (identity == null) {
      List<String> authorization = call.headers().values("Authorization");
      identity =
          callers.identify(call.apiKey(), authorization.isEmpty() ? null : authorization.get(0));
    }
    if (identity instanceof Callers.Unidentified nobody) {
      return refusals.unidentified(reply, nobody);
    }
    Callers.Caller caller = (Callers.Caller) identity;
    reply.policy(caller.policy().name());
    GatewayCall.Read read;
    try {
      read = call.operations().read(admission.textLimit(caller.bucket()));
    } catch (TollgateException e) {
      return refusals.refuse(reply, admission.reject(caller.bucket(), e));
    }
    if (read.batch()) {
      return batch(call, reply, caller, read.operations());
    }
    return single(call, reply, caller, read.operations().get(0));
  }

  private GatewayAnswer single(
      GatewayCall call, Reply reply, Callers.Caller caller, AdmissionRequest request) {
    KeyPolicy bucket = caller.bucket();
    Decision decision;
    DocumentHash id;
    try {
      decision = admission.admit(bucket, request);
      id = admission.documentOf(bucket, request);
    } catch (TollgateException e) {
      decision = admission.reject(bucket, e);
      id = null;
    }
    reply.cost(decision.cost());
    // observed once here: an admitted request whose upstream call fails is refused below, priced
    if (decision.cost() != null) {
      metrics.estimatedCost(decision.cost());
    }
    if (decision instanceof Decision.Rejected rejected) {
      meter.refused(
          caller.policy(),
          id != null ? id : sentDocument(request),
          request.operationName(),
          request.alias(),
          rejected.refusal().code());
      return refusals.refuse(reply, rejected);
    }
    Decision.Admitted admitted = (Decision.Admitted) decision;
    if (admitted.wouldRefuse() != null) {
      metrics.wouldRefuse(admitted.wouldRefuse());
    }
    return runs.run(reply, call, admitted, id, caller, request.alias());
  }

  /** Longest refused text hashed to count its refusal under its document. */
  private static final int MAX_HASHED_REFUSAL = 16_384;

  /**
   * The document a refused request named by hash or sent as text, if either: a text longer than
   * {@value #MAX_HASHED_REFUSAL} characters is not hashed again (a refusal stays cheap), and counts
   * under no document.
   */
  private static @Nullable DocumentHash sentDocument(AdmissionRequest request) {
    if (request.id() != null) {
      return request.id();
    }
    String text = request.query();
    return text == null || text.length() > MAX_HASHED_REFUSAL ? null : DocumentHash.of(text);
  }

  /**
   * A batch refused as a whole is answered with an array of as many copies of the error as it has
   * elements (one error object when it has none); else each operation gets its own entry ({@link
   * BatchRun}).
   */
  private GatewayAnswer batch(
      GatewayCall call, Reply reply, Callers.Caller caller, List<AdmissionRequest> requests) {
    BatchDecision decision = admission.admitBatch(caller.bucket(), requests);
    if (decision instanceof BatchDecision.Whole whole) {
      return refusals.refuse(reply, whole.rejected(), requests.size());
    }
    List<Decision> decisions = ((BatchDecision.PerOperation) decision).decisions();
    return batches.answer(call, reply, caller, decisions);
  }

  /**
   * The 400 {@code BAD_REQUEST} of a request whose headers alone are wrong ({@code message} says
   * how, without their values), such as one with two {@code X-API-Key} lines: refused from its
   * headers, before its body is read, and counted as {@link #execute}'s refusals are. Who is
   * calling is not known yet, so, as for a 401, nothing is charged and no balance is reported.
   */
  public GatewayAnswer refuseHeaders(String message, @Nullable String accept) {
    return refusals.badHeaders(new Reply(metrics, accept, keyHeaders.vary()), message);
  }
}
