package dev.tollgate.registry.upstream;

import dev.tollgate.registry.admission.UpstreamRequest;

/**
 * Where admitted operations run: an HTTP GraphQL endpoint, or the in-process demo service. Every
 * call is one upstream request (the gateway counts them in {@code
 * tollgate_upstream_requests_total}).
 */
@FunctionalInterface
public interface Upstream {

  /**
   * Executes one operation.
   *
   * @throws UpstreamException when the upstream fails, times out or answers with something that is
   *     not a GraphQL response ({@code UPSTREAM_ERROR}), or is busy ({@code UPSTREAM_BUSY})
   */
  UpstreamResponse execute(UpstreamRequest request);

  /**
   * {@code upstream} with at most {@code maxInFlight} calls at once; a call past it throws an
   * {@link UpstreamException} with code {@code UPSTREAM_BUSY} (503) at once.
   */
  static Upstream bounded(Upstream upstream, int maxInFlight) {
    return new BoundedUpstream(upstream, maxInFlight);
  }
}
