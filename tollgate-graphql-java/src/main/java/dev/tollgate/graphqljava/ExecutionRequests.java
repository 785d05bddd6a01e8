package dev.tollgate.graphqljava;

import dev.tollgate.registry.admission.AdmissionRequest;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.document.DocumentIds;
import dev.tollgate.registry.error.ErrorCode;
import graphql.ExecutionInput;
import java.math.BigInteger;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads an {@link ExecutionInput} into the {@link AdmissionRequest} the gateway would read from the
 * same HTTP body. The document id comes from {@code documentId} (in the {@code GraphQLContext}, or
 * in the extensions) or from {@code extensions.persistedQuery.sha256Hash}; they must name the same
 * document. A SHA-256 is an id, anything else of 1 to 200 printable ASCII characters a custom id
 * (an alias). The text is the input's query, unless it is blank or graphql-java's persisted-query
 * marker.
 */
final class ExecutionRequests {

  static final String DOCUMENT_ID = "documentId";
  private static final String PERSISTED_HASH = "extensions.persistedQuery.sha256Hash";

  private ExecutionRequests() {}

  /**
   * @throws dev.tollgate.registry.error.TollgateException when the id is malformed, two ids differ,
   *     or {@code extensions.persistedQuery} is not version 1 with a hash
   */
  static AdmissionRequest read(ExecutionInput input) {
    String query = text(input.getQuery());
    String id = documentId(input);
    Map<String, @Nullable Object> variables = input.getVariables();
    String operationName = input.getOperationName();
    if (id == null || DocumentHash.looksLikeHash(id)) {
      DocumentHash hash = id == null ? null : DocumentHash.parse(id);
      return new AdmissionRequest(query, hash, operationName, variables, Transport.POST);
    }
    String alias = DocumentIds.requireCustom(id);
    return new AdmissionRequest(query, null, operationName, variables, Transport.POST, alias);
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
    String persisted = persistedQueryHash(input.getExtensions().get("persistedQuery"));
    String id = fromContext;
    String from = DOCUMENT_ID;
    if (fromExtensions != null) {
      requireSame(from, id, "extensions." + DOCUMENT_ID, fromExtensions);
      from = id == null ? "extensions." + DOCUMENT_ID : from;
      id = id == null ? fromExtensions : id;
    }
    if (persisted != null) {
      requireSame(from, id, PERSISTED_HASH, persisted);
      id = id == null ? persisted : id;
    }
    return id;
  }

  private static void requireSame(
      String firstField, @Nullable String first, String field, String value) {
    if (first == null || sameId(first, value)) {
      return;
    }
    throw InputException.badRequest(firstField + " and " + field + " differ");
  }

  /** Two spellings of one SHA-256 id ({@code sha256:}, upper case), or the same custom id. */
  private static boolean sameId(String left, String right) {
    if (DocumentHash.looksLikeHash(left) && DocumentHash.looksLikeHash(right)) {
      return DocumentHash.parse(left).equals(DocumentHash.parse(right));
    }
    return left.equals(right);
  }

  private static @Nullable String persistedQueryHash(@Nullable Object persisted) {
    if (persisted == null) {
      return null;
    }
    if (!(persisted instanceof Map<?, ?> fields)) {
      throw InputException.badRequest("extensions.persistedQuery must be an object");
    }
    if (!isOne(fields.get("version"))) {
      throw new InputException(
          ErrorCode.PERSISTED_QUERY_VERSION_NOT_SUPPORTED,
          "Unsupported persisted query version: only version 1 is supported");
    }
    String hash = string(fields.get("sha256Hash"), PERSISTED_HASH);
    if (hash == null) {
      throw InputException.badRequest(PERSISTED_HASH + " is required");
    }
    return hash;
  }

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
