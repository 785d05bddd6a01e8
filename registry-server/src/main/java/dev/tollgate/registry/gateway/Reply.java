package dev.tollgate.registry.gateway;

import dev.tollgate.registry.metrics.GatewayMetrics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The answer to one request while it is being built: its headers, in the order they are set, and
 * the time it started, so that finishing it counts it by outcome once (and, for a known caller,
 * keeps it with its cost for the console).
 */
final class Reply {

  private final GatewayMetrics metrics;
  private final @Nullable String accept;
  private final String vary;
  private final long startNanos;
  private final Map<String, String> headers = new LinkedHashMap<>();
  private @Nullable String policy;
  private @Nullable Long cost;
  private Map<String, List<String>> upstreamHeaders = Map.of();

  /**
   * @param vary the {@code Vary} of every answer
   */
  Reply(GatewayMetrics metrics, @Nullable String accept, String vary) {
    this.metrics = metrics;
    this.accept = accept;
    this.vary = vary;
    this.startNanos = System.nanoTime();
  }

  /** The caller's policy, once known: the answer is then kept for the console's traffic. */
  void policy(String name) {
    this.policy = name;
  }

  /** The request's estimated cost, once priced. */
  void cost(@Nullable Long cost) {
    this.cost = cost;
  }

  void header(String name, String value) {
    headers.put(name, value);
  }

  Map<String, String> headers() {
    return headers;
  }

  /** Headers of the upstream's answer that go back to the caller ({@link GatewayAnswer}). */
  void upstreamHeaders(Map<String, List<String>> upstreamHeaders) {
    this.upstreamHeaders = upstreamHeaders;
  }

  /**
   * Whether the answer is {@code application/graphql-response+json} (else {@code
   * application/json}), which picks refusals' statuses ({@link GatewayHeaders#status}).
   */
  boolean graphqlResponse() {
    return GatewayHeaders.acceptsGraphqlResponse(accept);
  }

  /**
   * The answer with {@code body}, in the media type the client accepts; counted as {@code outcome}.
   */
  GatewayAnswer body(String outcome, int status, byte[] body) {
    headers.put("Vary", vary);
    return finish(
        outcome,
        new GatewayAnswer(
            status, headers, upstreamHeaders, GatewayHeaders.responseType(accept), body));
  }

  /**
   * A batch's answer, a 200 with {@code body}: counted once per entry, each as a single request
   * with its outcome and estimated cost would be (the latency is the whole batch's).
   */
  GatewayAnswer entries(List<Counted> entries, byte[] body) {
    headers.put("Vary", vary);
    long nanos = System.nanoTime() - startNanos;
    for (Counted entry : entries) {
      metrics.request(entry.outcome(), nanos);
      if (policy != null) {
        metrics.traffic(policy, entry.cost(), entry.outcome());
      }
    }
    return new GatewayAnswer(
        200, headers, upstreamHeaders, GatewayHeaders.responseType(accept), body);
  }

  /** How one entry of a batch is counted: {@code ok} or its code, and its estimated cost. */
  record Counted(String outcome, @Nullable Long cost) {}

  /** A 304 Not Modified: no body, no media type. */
  GatewayAnswer notModified(String outcome) {
    headers.put("Vary", vary);
    return finish(outcome, new GatewayAnswer(304, headers, upstreamHeaders, null, null));
  }

  private GatewayAnswer finish(String outcome, GatewayAnswer answer) {
    metrics.request(outcome, System.nanoTime() - startNanos);
    if (policy != null) {
      metrics.traffic(policy, cost, outcome);
    }
    return answer;
  }
}
