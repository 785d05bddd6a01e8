package dev.tollgate.registry.admission;

import dev.tollgate.registry.document.DocumentHash;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One GraphQL operation request as the HTTP layer read it.
 *
 * @param query the document text, when sent
 * @param id the document id, from {@code documentId} or {@code
 *     extensions.persistedQuery.sha256Hash}, when it is a SHA-256
 * @param variables the raw JSON variables (an empty map when none were sent)
 * @param alias the document id when it is not a SHA-256: a custom id (Relay's {@code doc_id}, an
 *     Apollo {@code createOperationId}), resolved within the caller's apps; never with {@code id}
 */
public record AdmissionRequest(
    @Nullable String query,
    @Nullable DocumentHash id,
    @Nullable String operationName,
    Map<String, @Nullable Object> variables,
    Transport transport,
    @Nullable String alias) {

  public AdmissionRequest {
    variables = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(variables));
    if (id != null && alias != null) {
      throw new IllegalArgumentException("a request names its document by id or by alias: " + id);
    }
  }

  /** A request by SHA-256 id, text, or both. */
  public AdmissionRequest(
      @Nullable String query,
      @Nullable DocumentHash id,
      @Nullable String operationName,
      Map<String, @Nullable Object> variables,
      Transport transport) {
    this(query, id, operationName, variables, transport, null);
  }

  /** This request with its alias replaced by the document it names, or dropped ({@code null}). */
  AdmissionRequest resolvedTo(@Nullable DocumentHash document) {
    return new AdmissionRequest(query, document, operationName, variables, transport, null);
  }
}
