package dev.tollgate.registry.admission;

import dev.tollgate.registry.catalog.RegisteredDocument;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The plain request an upstream receives: {@code {query, operationName, variables}} (the
 * operation's declared variables only), and the headers to send with it.
 *
 * <p>A request by the id of a registered document holds the document, whose text is packed, and
 * unpacks it the first time {@link #query()} is asked (about 2 µs for a 320-character text): an
 * admitted request answered from the response cache, or refused for its budget, never asks.
 */
public final class UpstreamRequest {

  private final @Nullable RegisteredDocument document;
  private @Nullable String query; // of the document when null: written once, by whoever asks first
  private final @Nullable String operationName;
  private final Map<String, @Nullable Object> variables;
  private final Map<String, List<String>> headers;
  private final boolean resendable;

  /**
   * @param headers name to values, in their order: the caller's forwarded headers, the static ones
   *     and the gateway's {@code X-Tollgate-*}; an in-process upstream ignores them
   * @param resendable whether the request may be sent a second time when a connection closed before
   *     any answer (a query or a subscription); never a mutation, which the upstream may have run
   */
  public UpstreamRequest(
      String query,
      @Nullable String operationName,
      Map<String, @Nullable Object> variables,
      Map<String, List<String>> headers,
      boolean resendable) {
    this(
        null,
        Objects.requireNonNull(query, "query"),
        operationName,
        variables,
        headers,
        resendable);
  }

  /** Without headers, and never sent twice (its kind is not known here). */
  public UpstreamRequest(
      String query, @Nullable String operationName, Map<String, @Nullable Object> variables) {
    this(query, operationName, variables, Map.of(), false);
  }

  /** Without headers; {@code resendable} as for the five-argument constructor. */
  public UpstreamRequest(
      String query,
      @Nullable String operationName,
      Map<String, @Nullable Object> variables,
      boolean resendable) {
    this(query, operationName, variables, Map.of(), resendable);
  }

  private UpstreamRequest(
      @Nullable RegisteredDocument document,
      @Nullable String query,
      @Nullable String operationName,
      Map<String, @Nullable Object> variables,
      Map<String, List<String>> headers,
      boolean resendable) {
    this.document = document;
    this.query = query;
    this.operationName = operationName;
    this.variables = variables;
    this.headers =
        headers.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    this.resendable = resendable;
  }

  /** The text of registered {@code document}, unpacked only when {@link #query()} is asked. */
  static UpstreamRequest of(
      RegisteredDocument document,
      @Nullable String operationName,
      Map<String, @Nullable Object> variables,
      boolean resendable) {
    return new UpstreamRequest(document, null, operationName, variables, Map.of(), resendable);
  }

  public String query() {
    String text = query;
    if (text == null) {
      // a String is immutable, so a racing thread at worst unpacks it once more
      text = Objects.requireNonNull(document).text();
      query = text;
    }
    return text;
  }

  public @Nullable String operationName() {
    return operationName;
  }

  public Map<String, @Nullable Object> variables() {
    return variables;
  }

  public Map<String, List<String>> headers() {
    return headers;
  }

  public boolean resendable() {
    return resendable;
  }

  /** This request with {@code headers} instead of its own. */
  public UpstreamRequest withHeaders(Map<String, List<String>> headers) {
    return new UpstreamRequest(document, query, operationName, variables, headers, resendable);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof UpstreamRequest request
        && query().equals(request.query())
        && Objects.equals(operationName, request.operationName)
        && variables.equals(request.variables)
        && headers.equals(request.headers)
        && resendable == request.resendable;
  }

  @Override
  public int hashCode() {
    return Objects.hash(query(), operationName, variables, headers, resendable);
  }

  @Override
  public String toString() {
    return "UpstreamRequest[query="
        + query()
        + ", operationName="
        + operationName
        + ", variables="
        + variables
        + ", headers="
        + headers
        + ", resendable="
        + resendable
        + "]";
  }
}
