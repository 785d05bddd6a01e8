package dev.tollgate.registry.gateway;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.AdmittedOperation;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.calibration.CostMeter;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.upstream.UpstreamException;
import dev.tollgate.registry.upstream.UpstreamResponse;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Answers a batch whose operations admission decided one by one: a JSON array with one entry per
 * operation, in order. An admitted operation is run upstream and its entry is the upstream's result
 * with our extensions (its own cost, charge and balance), measured and refunded as a single request
 * is; a refused one's entry is the error object a single request would get; an upstream failure
 * gives its entry {@code UPSTREAM_ERROR} (or {@code UPSTREAM_BUSY}) and its units back.
 *
 * <p>The answer is a 200 in both media types (each entry carries its own code), {@code
 * Cache-Control: private, no-cache, must-revalidate}, {@code X-RateLimit-*} with the balance once
 * every operation was charged (and given back what failed or was refunded), and {@code Retry-After}
 * (the longest) when an entry was {@code RATE_LIMITED}, {@code BUDGET_STORE_UNAVAILABLE} or {@code
 * UPSTREAM_BUSY}. Each entry is counted in the metrics as a single request would be ({@link
 * Reply#entries}: {@code tollgate_requests_total{outcome}}, the latency, the console's traffic),
 * and in {@code tollgate_estimated_cost} and {@code tollgate_would_refuse_total}.
 */
final class BatchRun {

  private final AdmissionController admission;
  private final UpstreamForwarder upstream;
  private final CostMeter meter;
  private final GatewayMetrics metrics;
  private final ObjectMapper json;

  BatchRun(
      AdmissionController admission,
      UpstreamForwarder upstream,
      CostMeter meter,
      GatewayMetrics metrics,
      ObjectMapper json) {
    this.admission = admission;
    this.upstream = upstream;
    this.meter = meter;
    this.metrics = metrics;
    this.json = json;
  }

  /**
   * @param reply the answer being built, for the caller's policy (its {@code Vary} and counting)
   * @param decisions one per operation of the batch, in order
   */
  GatewayAnswer answer(
      GatewayCall call, Reply reply, Callers.Caller caller, List<Decision> decisions) {
    List<Entry> entries = new ArrayList<>(decisions.size());
    for (Decision decision : decisions) {
      entries.add(
          decision instanceof Decision.Admitted admitted
              ? run(call, caller, admitted)
              : refused((Decision.Rejected) decision));
    }
    GatewayHeaders.rateLimit(reply.headers(), admission.balance(caller.bucket()));
    long retryAfter = retryAfter(entries);
    if (retryAfter > 0) {
      reply.header("Retry-After", Long.toString(retryAfter));
    }
    reply.header("Cache-Control", GatewayHeaders.NO_CACHE);
    List<Object> bodies = new ArrayList<>(entries.size());
    List<Reply.Counted> counted = new ArrayList<>(entries.size());
    for (Entry entry : entries) {
      bodies.add(entry.body());
      counted.add(new Reply.Counted(entry.outcome(), entry.cost()));
    }
    return reply.entries(counted, GatewayBodies.encode(json, bodies));
  }

  private Entry run(GatewayCall call, Callers.Caller caller, Decision.Admitted admitted) {
    KeyPolicy policy = caller.policy();
    KeyPolicy bucket = caller.bucket();
    metrics.estimatedCost(admitted.cost());
    if (admitted.wouldRefuse() != null) {
      metrics.wouldRefuse(admitted.wouldRefuse());
    }
    AdmittedOperation operation = admitted.operations().get(0);
    UpstreamResponse response;
    try {
      response = upstream.execute(call, operation, policy);
    } catch (UpstreamException e) {
      Decision.Rejected failed = upstream.failed(e, admitted, bucket);
      meter.refused(
          policy,
          operation.document(),
          operation.request().operationName(),
          null,
          failed.refusal().code());
      return new Entry(GatewayBodies.error(failed.refusal(), failed), failed);
    }
    Decision.Admitted settled =
        upstream.settled(
            bucket, admitted, meter.answered(policy, operation, response.body()::data));
    meter.served(policy, operation, settled, null);
    return new Entry(
        GatewayBodies.result(response.body().asMap(), settled), "ok", admitted.cost(), null);
  }

  private Entry refused(Decision.Rejected rejected) {
    if (rejected.cost() != null) {
      metrics.estimatedCost(rejected.cost());
    }
    return new Entry(GatewayBodies.error(rejected.refusal(), rejected), rejected);
  }

  /** The longest {@code Retry-After} a single request refused as one of the entries would get. */
  private static long retryAfter(List<Entry> entries) {
    long longest = 0;
    for (Entry entry : entries) {
      Decision.Rejected refused = entry.refused();
      if (refused != null) {
        longest =
            Math.max(
                longest, GatewayHeaders.retryAfterSeconds(refused.refusal(), refused.budget()));
      }
    }
    return longest;
  }

  /**
   * One operation's entry: its body, the outcome it is counted as ({@code ok} or the code), its
   * estimated cost ({@code null} when refused before pricing), and its refusal, if refused.
   */
  private record Entry(
      Object body, String outcome, @Nullable Long cost, Decision.@Nullable Rejected refused) {

    Entry(Object body, Decision.Rejected rejected) {
      this(body, rejected.refusal().code(), rejected.cost(), rejected);
    }
  }
}
