package dev.tollgate.registry.upstream;

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
   *     not a GraphQL response
   */
  UpstreamResponse execute(UpstreamRequest request);
}
