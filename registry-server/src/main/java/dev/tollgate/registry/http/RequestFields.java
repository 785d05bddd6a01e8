package dev.tollgate.registry.http;

import dev.tollgate.registry.admission.AdmissionRequest;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.document.RequestIds;
import java.math.BigInteger;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The fields of one GraphQL request as a reader met them, checked only once the whole body was read
 * (so that malformed JSON anywhere wins over a field of the wrong type, as it did when the body was
 * parsed into a tree first), and in a fixed order: {@code query}, {@code operationName}, {@code
 * extensions.persistedQuery}, the id fields, {@code variables}. A field holds its plain JSON value
 * ({@code null} for absent or JSON null); {@link #query} is set only for a string.
 */
final class RequestFields {

  /** The fields that may name the document: ours, then Relay's two. */
  static final List<String> ID_FIELDS = List.of("documentId", "doc_id", "id");

  /** {@code extensions.persistedQuery} as a plain JSON value. */
  private static final RequestIds.PersistedQuery<Object> PERSISTED_QUERY =
      new RequestIds.PersistedQuery<>() {
        @Override
        public boolean isObject(Object persisted) {
          return persisted instanceof Map;
        }

        @Override
        public boolean isVersionOne(Object persisted) {
          return isOne(((Map<?, ?>) persisted).get("version"));
        }

        @Override
        public @Nullable String sha256Hash(Object persisted) {
          return text(((Map<?, ?>) persisted).get("sha256Hash"), "sha256Hash");
        }
      };

  private boolean notAnObject;
  private @Nullable Object query;
  private @Nullable String queryText;
  private int queryOverTokens;
  private @Nullable Object operationName;
  private final @Nullable Object[] ids = new Object[ID_FIELDS.size()];
  private @Nullable Object extensions;
  private @Nullable Object variables;

  /** A request that is not a JSON object: refused when it is built. */
  static RequestFields notAnObject() {
    RequestFields fields = new RequestFields();
    fields.notAnObject = true;
    return fields;
  }

  /** The text of {@code query}, kept. */
  void queryText(String text) {
    this.query = text;
    this.queryText = text;
  }

  /** A {@code query} string the reader did not keep: more tokens than {@code maxTokens}. */
  void queryOverTokens(int maxTokens) {
    this.query = "";
    this.queryOverTokens = maxTokens;
  }

  /** A {@code query} that is not a string (nor null): refused when built. */
  void queryValue(@Nullable Object value) {
    this.query = value;
  }

  /** Whether {@link #set} keeps the field {@code name} (any but {@code query}). */
  static boolean known(String name) {
    return switch (name) {
      case "operationName", "extensions", "variables", "documentId", "doc_id", "id" -> true;
      default -> false;
    };
  }

  /** Sets the {@link #known} field {@code name} to its plain value. */
  void set(String name, @Nullable Object value) {
    switch (name) {
      case "operationName" -> operationName = value;
      case "extensions" -> extensions = value;
      case "variables" -> variables = value;
      default -> ids[ID_FIELDS.indexOf(name)] = value;
    }
  }

  /** The request, its fields checked in order. */
  AdmissionRequest request(Transport transport) {
    if (notAnObject) {
      throw GatewayRequestException.badRequest(
          "a GraphQL request must be a JSON object (or an array of them)");
    }
    if (query != null && queryText == null && queryOverTokens == 0) {
      throw GatewayRequestException.badRequest("query must be a string");
    }
    String operation = text(operationName, "operationName");
    String persisted =
        RequestIds.persistedQueryHash(persisted(object(extensions, "extensions")), PERSISTED_QUERY);
    String id = documentId(persisted);
    Map<String, @Nullable Object> values = object(variables, "variables");
    return AdmissionRequest.of(
        queryText,
        id,
        operation,
        values == null ? Map.of() : Collections.unmodifiableMap(values),
        transport,
        queryOverTokens);
  }

  /**
   * The document id, from whichever of {@code documentId}, {@code doc_id}, {@code id} and {@code
   * extensions.persistedQuery.sha256Hash} carry one; they must name the same document ({@link
   * RequestIds}).
   */
  private @Nullable String documentId(@Nullable String persisted) {
    String id = null;
    String from = null;
    for (int i = 0; i < ids.length; i++) {
      String field = ID_FIELDS.get(i);
      String value = text(ids[i], field);
      if (value != null) {
        RequestIds.requireSame(from, id, field, value);
        id = id == null ? value : id;
        from = from == null ? field : from;
      }
    }
    if (persisted != null) {
      RequestIds.requireSame(from, id, RequestIds.PERSISTED_HASH, persisted);
      id = id == null ? persisted : id;
    }
    return id;
  }

  private static @Nullable Object persisted(@Nullable Map<String, @Nullable Object> extensions) {
    return extensions == null ? null : extensions.get("persistedQuery");
  }

  private static @Nullable String text(@Nullable Object value, String field) {
    if (value == null) {
      return null;
    }
    if (!(value instanceof String text)) {
      throw GatewayRequestException.badRequest(field + " must be a string");
    }
    return text;
  }

  @SuppressWarnings("unchecked")
  private static @Nullable Map<String, @Nullable Object> object(
      @Nullable Object value, String field) {
    if (value == null) {
      return null;
    }
    if (!(value instanceof Map)) {
      throw GatewayRequestException.badRequest(field + " must be a JSON object");
    }
    return (Map<String, @Nullable Object>) value;
  }

  /** The integral number 1 (1.0 is not), as the tree's {@code isIntegralNumber} read it. */
  private static boolean isOne(@Nullable Object value) {
    if (value instanceof Integer || value instanceof Long || value instanceof BigInteger) {
      return ((Number) value).longValue() == 1;
    }
    return false;
  }
}
