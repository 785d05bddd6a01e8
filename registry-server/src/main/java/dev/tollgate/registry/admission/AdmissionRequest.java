package dev.tollgate.registry.admission;

import dev.tollgate.registry.document.DocumentHash;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One GraphQL operation request as the HTTP layer read it.
 *
 * @param query the document text, when sent
 * @param id the document id, from {@code documentId} or {@code
 *     extensions.persistedQuery.sha256Hash}
 * @param variables the raw JSON variables (an empty map when none were sent)
 */
public record AdmissionRequest(
    @Nullable String query,
    @Nullable DocumentHash id,
    @Nullable String operationName,
    Map<String, @Nullable Object> variables,
    Transport transport) {

  public AdmissionRequest {
    variables = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(variables));
  }
}
