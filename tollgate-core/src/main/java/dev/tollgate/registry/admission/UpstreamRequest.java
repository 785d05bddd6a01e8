package dev.tollgate.registry.admission;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The plain request an upstream receives: {@code {query, operationName, variables}} (the
 * operation's declared variables only), and the headers to send with it.
 *
 * @param headers name to values, in their order: the caller's forwarded headers, the static ones
 *     and the gateway's {@code X-Tollgate-*}; an in-process upstream ignores them
 * @param resendable whether the request may be sent a second time when a connection closed before
 *     any answer (a query or a subscription); never a mutation, which the upstream may have run
 */
public record UpstreamRequest(
    String query,
    @Nullable String operationName,
    Map<String, @Nullable Object> variables,
    Map<String, List<String>> headers,
    boolean resendable) {

  public UpstreamRequest {
    headers =
        headers.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
  }

  /** Without headers, and never sent twice (its kind is not known here). */
  public UpstreamRequest(
      String query, @Nullable String operationName, Map<String, @Nullable Object> variables) {
    this(query, operationName, variables, Map.of(), false);
  }

  /** Without headers; {@code resendable} as for the record. */
  public UpstreamRequest(
      String query,
      @Nullable String operationName,
      Map<String, @Nullable Object> variables,
      boolean resendable) {
    this(query, operationName, variables, Map.of(), resendable);
  }

  /** This request with {@code headers} instead of its own. */
  public UpstreamRequest withHeaders(Map<String, List<String>> headers) {
    return new UpstreamRequest(query, operationName, variables, headers, resendable);
  }
}
