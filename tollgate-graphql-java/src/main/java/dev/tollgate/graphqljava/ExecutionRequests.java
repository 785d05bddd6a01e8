package dev.tollgate.graphqljava;

import dev.tollgate.registry.admission.AdmissionRequest;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.document.RequestIds;
import graphql.ExecutionInput;
import java.math.BigInteger;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads an {@link ExecutionInput} into the {@link AdmissionRequest} the gateway would read from the
 * same HTTP body. The document id comes from {@code documentId} (in the {@code GraphQLContext}, or
 * in the extensions) or from {@code extensions.persistedQuery.sha256Hash}; they must name the same
 * document ({@link RequestIds}). A SHA-256 is an id, anything else of 1 to 200 printable ASCII
 * characters a custom id (an alias). The text is the input's query, unless it is blank or
 * graphql-java's persisted-query marker.
 */
final class ExecutionRequests {

  static final String DOCUMENT_ID = "documentId";

  private ExecutionRequests() {}

  /**
   * @throws dev.tollgate.registry.error.TollgateException when the id is malformed, two ids differ,
   *     or {@code extensions.persistedQuery} is not version 1 with a hash
   */
  static AdmissionRequest read(ExecutionInput input) {
    String query = text(input.getQuery());
    String id = documentId(input);
    Map<String, @Nullable Object> variables = input.getVariables();
    // a way in that serves GET marks it in the context (the Spring starter); else a POST
    Transport transport = input.getGraphQLContext().getOrDefault(Transport.class, Transport.POST);
    return AdmissionRequest.of(query, id, input.getOperationName(), variables, transport);
  }

  private static @Nullable String text(@Nullable String query) {
    if (query == null || query.isBlank() || query.equals(ExecutionInput.PERSISTED_QUERY_MARKER)) {
      return null;
    }
    return query;
  }

  private static @Nullable String documentId(ExecutionInput input) {
    String fromContext = string(input.getGraphQLContext().get(DOCUMENT_ID), DOCUMENT_ID);
    String fromExtensions =
        string(input.getExtensions().get(DOCUMENT_ID), "extensions." + DOCUMENT_ID);
    String persisted =
        RequestIds.persistedQueryHash(input.getExtensions().get("persistedQuery"), PERSISTED_QUERY);
    String id = fromContext;
    String from = DOCUMENT_ID;
    if (fromExtensions != null) {
      RequestIds.requireSame(from, id, "extensions." + DOCUMENT_ID, fromExtensions);
      from = id == null ? "extensions." + DOCUMENT_ID : from;
      id = id == null ? fromExtensions : id;
    }
    if (persisted != null) {
      RequestIds.requireSame(from, id, RequestIds.PERSISTED_HASH, persisted);
      id = id == null ? persisted : id;
    }
    return id;
  }

  /** {@code extensions.persistedQuery} as graphql-java holds it: maps and boxed numbers. */
  private static final RequestIds.PersistedQuery<Object> PERSISTED_QUERY =
      new RequestIds.PersistedQuery<>() {
        @Override
        public boolean isObject(Object persisted) {
          return persisted instanceof Map<?, ?>;
        }

        @Override
        public boolean isVersionOne(Object persisted) {
          return isOne(((Map<?, ?>) persisted).get("version"));
        }

        @Override
        public @Nullable String sha256Hash(Object persisted) {
          return string(((Map<?, ?>) persisted).get("sha256Hash"), RequestIds.PERSISTED_HASH);
        }
      };

  /** An integral 1, as the gateway reads it from JSON (1.0 is not). */
  private static boolean isOne(@Nullable Object version) {
    if (version instanceof Integer || version instanceof Long || version instanceof Short) {
      return ((Number) version).longValue() == 1;
    }
    return version instanceof BigInteger big && big.equals(BigInteger.ONE);
  }

  private static @Nullable String string(@Nullable Object value, String field) {
    if (value == null) {
      return null;
    }
    if (!(value instanceof String text)) {
      throw InputException.badRequest(field + " must be a string");
    }
    return text;
  }
}
