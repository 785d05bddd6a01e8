package dev.tollgate.registry.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.BudgetStoreUnavailableException;
import dev.tollgate.registry.admission.AdmittedOperation;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.config.KeyPolicy;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;
import dev.tollgate.registry.http.GatewayRequestReader.ParsedRequest;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.upstream.Upstream;
import dev.tollgate.registry.upstream.UpstreamException;
import dev.tollgate.registry.upstream.UpstreamResponse;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /graphql}, {@code GET /graphql} and {@code GET /metrics}. A handler reads the request,
 * asks the {@link AdmissionController}, and either renders the refusal or forwards the admitted
 * operations upstream and returns the upstream's answer with our extensions merged in.
 *
 * <p>The contract:
 * <ul>
 *   <li>Errors are GraphQL-shaped, with no {@code data}: {@code {"errors":[{"message","extensions":
 *       {"code",..}}],"extensions":{"cost"?,"rateLimit"}}}. The status is the same whatever the
 *       client accepts: 400 for request errors (bad JSON, bad id, limits, cost, parse and
 *       validation failures, {@code BAD_USER_INPUT}), 401 unknown key, 403
 *       {@code QUERY_NOT_IN_SAFELIST}/{@code INTROSPECTION_DISABLED}, 404
 *       {@code PERSISTED_QUERY_NOT_IN_LIST}, 405 mutation by GET ({@code Allow: POST}), 413, 415, 429
 *       ({@code Retry-After}), 502 {@code UPSTREAM_ERROR}; an APQ miss
 *       ({@code PERSISTED_QUERY_NOT_FOUND}) is a 200, as Apollo clients expect.
 *   <li>Content type: {@code application/graphql-response+json} when {@code Accept} names it, else
 *       {@code application/json}; so {@code Vary: X-API-Key, Accept} on every answer.
 *   <li>Every answer but 401 carries {@code X-RateLimit-Limit/Remaining/Reset} and
 *       {@code extensions.rateLimit {cost (units charged by this request), remaining, resetIn}}
 *       (but a refusal while the budget store is down: it is answered without the balance);
 *       {@code extensions.cost {estimated, max}} whenever the request was priced, with
 *       {@code wouldRefuse} (the code enforcing would have refused with) when a measure-mode
 *       request breached a limit; such a request is also counted in
 *       {@code tollgate_would_refuse_total{code}}.
 *   <li>Caching: a registered query fetched by id with GET and answered without errors gets
 *       {@code Cache-Control: public, max-age=N} (anonymous caller) or {@code private, max-age=N}
 *       (a keyed caller: the body holds that key's balance), and a strong {@code ETag} over the
 *       response without {@code extensions.rateLimit} (which changes on every request and is in the
 *       headers too); {@code If-None-Match} gives a 304 (still charged). Everything else gets
 *       {@code Cache-Control: private, no-cache, must-revalidate}.
 *   <li>Those cacheable answers are also kept in the gateway's {@link ResponseCache} for the
 *       caller's max-age: a later GET of the same query with the same variables, by any caller, is
 *       admitted and charged as usual and then answered from it without an upstream call (with an
 *       {@code Age} header), the body identical to the upstream's answer but for our extensions.
 * </ul>
 */
public final class GatewayRoutes {

  private static final Logger LOG = LoggerFactory.getLogger(GatewayRoutes.class);

  static final String GRAPHQL_RESPONSE_JSON = "application/graphql-response+json";
  static final String NO_CACHE = "private, no-cache, must-revalidate";
  static final String VARY = "X-API-Key, Accept";

  private final AdmissionController admission;
  private final Upstream upstream;
  private final GatewayMetrics metrics;
  private final ServerConfig config;
  private final ObjectMapper json;
  private final GatewayRequestReader reader;
  private final ResponseCache responses;

  /**
   * @param upstream the raw upstream; calls are counted in {@code metrics} here
   * @param responses where cacheable answers are kept (built by the wiring)
   */
  public GatewayRoutes(AdmissionController admission, Upstream upstream, ResponseCache responses,
      GatewayMetrics metrics, ServerConfig config, ObjectMapper json) {
    this.admission = admission;
    this.upstream = metrics.counting(upstream);
    this.responses = responses;
    this.metrics = metrics;
    this.config = config;
    this.json = json;
    this.reader = new GatewayRequestReader(json, config.http().maxBodyBytes());
  }

  public void register(JavalinConfig javalin) {
    javalin.routes.post("/graphql", ctx -> guarded(ctx, Transport.POST));
    javalin.routes.get("/graphql", ctx -> guarded(ctx, Transport.GET));
    javalin.routes.get("/metrics", this::metrics);
  }

  private void metrics(Context ctx) {
    ctx.contentType(GatewayMetrics.CONTENT_TYPE).result(metrics.render());
  }

  /** A bug or a broken dependency still answers in the GraphQL shape, as a 500 that names nothing internal. */
  private void guarded(Context ctx, Transport transport) {
    try {
      handle(ctx, transport);
    } catch (RuntimeException e) {
      LOG.error("unexpected error on {} /graphql", ctx.method(), e);
      Refusal refusal = e instanceof BudgetStoreUnavailableException unavailable
          ? Refusal.of(unavailable)
          : new Refusal(ErrorCode.INTERNAL_SERVER_ERROR, "internal server error");
      metrics.request(refusal.code());
      ctx.header("Cache-Control", NO_CACHE);
      write(ctx, 500, GatewayBodies.error(refusal, null));
    }
  }

  private void handle(Context ctx, Transport transport) {
    String apiKey = ctx.header("X-API-Key");
    Optional<KeyPolicy> policy = config.policyFor(apiKey);
    if (policy.isEmpty()) {
      unauthenticated(ctx);
      return;
    }
    Outcome outcome = decide(ctx, transport, policy.get());
    if (outcome.decision() instanceof Decision.Rejected rejected) {
      refuse(ctx, rejected);
      return;
    }
    Decision.Admitted admitted = (Decision.Admitted) outcome.decision();
    metrics.estimatedCost(admitted.cost());
    if (admitted.wouldRefuse() != null) {
      metrics.wouldRefuse(admitted.wouldRefuse());
    }
    if (outcome.batch()) {
      runBatch(ctx, admitted);
      return;
    }
    run(ctx, admitted, transport, outcome.id(), apiKey == null, policy.get());
  }

  private Outcome decide(Context ctx, Transport transport, KeyPolicy policy) {
    try {
      ParsedRequest parsed = transport == Transport.POST
          ? reader.readPost(ctx.header("Content-Type"), ctx.req().getContentLengthLong(), ctx.bodyInputStream())
          : reader.readGet(ctx.queryParamMap());
      Decision decision = parsed.batch()
          ? admission.admitBatch(policy, parsed.operations())
          : admission.admit(policy, parsed.operations().get(0));
      return new Outcome(decision, parsed.batch(), parsed.batch() ? null : parsed.operations().get(0).id());
    } catch (BudgetStoreUnavailableException e) {
      // The charge failed: answered by guarded() as a 500.
      throw e;
    } catch (TollgateException e) {
      return new Outcome(admission.reject(policy, e), false, null);
    }
  }

  /** Runs one admitted operation: from the response cache when it holds a fresh answer, else upstream. */
  private void run(Context ctx, Decision.Admitted admitted, Transport transport, @Nullable DocumentHash id,
      boolean anonymous, KeyPolicy policy) {
    AdmittedOperation operation = admitted.operations().get(0);
    ResponseCache.Key key = responses.keyFor(transport, operation, id, policy);
    CachedResponse cached = key == null ? null : lookup(key, policy);
    if (cached != null) {
      ctx.header("Age", Long.toString(responses.ageSeconds(cached)));
      writeCacheable(ctx, admitted, cached, anonymous, policy);
      return;
    }
    UpstreamResponse response;
    try {
      response = upstream.execute(operation.request());
    } catch (UpstreamException e) {
      refuse(ctx, new Decision.Rejected(Refusal.of(e), admitted.cost(), admitted.maxCost(), admitted.budget()));
      return;
    }
    if (!cacheable(transport, operation, response)) {
      metrics.request("ok");
      GatewayHeaders.rateLimit(ctx, admitted.budget());
      ctx.header("Cache-Control", NO_CACHE);
      write(ctx, response.status(), GatewayBodies.result(response.body(), admitted));
      return;
    }
    CachedResponse fresh = CachedResponse.of(json, response.body(), admitted, responses.now());
    if (key != null) {
      responses.store(key, fresh);
    }
    writeCacheable(ctx, admitted, fresh, anonymous, policy);
  }

  /**
   * A cacheable answer ({@link #cacheable}), written from its stored bytes: {@code Cache-Control}
   * from the caller's policy, and the strong ETag of the body without {@code extensions.rateLimit}.
   */
  private void writeCacheable(Context ctx, Decision.Admitted admitted, CachedResponse response, boolean anonymous,
      KeyPolicy policy) {
    metrics.request("ok");
    GatewayHeaders.rateLimit(ctx, admitted.budget());
    String etag = response.etag(admitted);
    ctx.header("Cache-Control", (anonymous ? "public" : "private") + ", max-age=" + policy.cacheMaxAgeSeconds());
    ctx.header("ETag", etag);
    if (GatewayHeaders.matches(ctx.header("If-None-Match"), etag)) {
      ctx.header("Vary", VARY);
      ctx.status(304);
      return;
    }
    writeBytes(ctx, 200, response.body(admitted));
  }

  private @Nullable CachedResponse lookup(ResponseCache.Key key, KeyPolicy policy) {
    CachedResponse cached = responses.find(key, policy.cacheMaxAgeSeconds());
    metrics.responseCache(cached != null);
    return cached;
  }

  private void runBatch(Context ctx, Decision.Admitted admitted) {
    List<Object> results = new ArrayList<>();
    for (AdmittedOperation operation : admitted.operations()) {
      try {
        results.add(GatewayBodies.result(upstream.execute(operation.request()).body(), admitted));
      } catch (UpstreamException e) {
        results.add(GatewayBodies.error(Refusal.of(e), admitted));
      }
    }
    metrics.request("ok");
    GatewayHeaders.rateLimit(ctx, admitted.budget());
    ctx.header("Cache-Control", NO_CACHE);
    write(ctx, 200, results);
  }

  /** A registered query, fetched by id with GET, that the upstream answered without errors. */
  private static boolean cacheable(Transport transport, AdmittedOperation operation, UpstreamResponse response) {
    return transport == Transport.GET
        && operation.registeredById()
        && operation.kind() == OperationKind.QUERY
        && response.status() == 200
        && response.body().get("errors") == null;
  }

  private void refuse(Context ctx, Decision.Rejected rejected) {
    Refusal refusal = rejected.refusal();
    metrics.request(refusal.code());
    if (rejected.cost() != null) {
      metrics.estimatedCost(rejected.cost());
    }
    GatewayHeaders.rateLimit(ctx, rejected.budget());
    GatewayHeaders.refusal(ctx, refusal, rejected.budget());
    ctx.header("Cache-Control", NO_CACHE);
    write(ctx, GatewayHeaders.status(refusal), GatewayBodies.error(refusal, rejected));
  }

  private void unauthenticated(Context ctx) {
    Refusal refusal = new Refusal(ErrorCode.UNAUTHENTICATED, "unknown API key");
    metrics.request(refusal.code());
    ctx.header("Cache-Control", NO_CACHE);
    write(ctx, 401, GatewayBodies.error(refusal, null));
  }

  private void write(Context ctx, int status, Object body) {
    writeBytes(ctx, status, bytes(body));
  }

  private void writeBytes(Context ctx, int status, byte[] body) {
    ctx.header("Vary", VARY);
    ctx.status(status);
    ctx.contentType(GatewayHeaders.responseType(ctx.header("Accept")));
    ctx.result(body);
  }

  private byte[] bytes(Object body) {
    try {
      return json.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode a response body", e);
    }
  }

  /** @param id the document id of a single request, when it named one */
  private record Outcome(Decision decision, boolean batch, @Nullable DocumentHash id) {}
}
