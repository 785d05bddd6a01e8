package dev.tollgate.spring;

import dev.tollgate.registry.document.RequestIds;
import dev.tollgate.registry.error.TollgateException;
import graphql.ExecutionInput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.graphql.server.support.SerializableGraphQlRequest;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.HttpMessageNotReadableException;

/**
 * The JSON converter of Spring for GraphQL's HTTP handler, reading a body with no {@code query}.
 *
 * <p>Spring for GraphQL 2.0 refuses a body without {@code query} ({@code 400 No 'query'}) before
 * any interceptor runs, unless it has {@code extensions.persistedQuery}. A persisted-document
 * client sends {@code {"documentId": ..., "variables": ...}} (Relay: {@code doc_id} or {@code id}),
 * and Spring's request type has no such field. This converter reads the body as JSON, keeps a
 * top-level {@code documentId}, {@code doc_id} or {@code id} in the extensions under {@link
 * #BODY_DOCUMENT_ID} (which {@link TollgateWebInterceptor} moves into the {@code GraphQLContext}),
 * and lets a body with an id and no text through with graphql-java's persisted-query marker as its
 * document, which Tollgate reads as "no text". Everything else is the delegate's.
 */
final class DocumentIdBodyConverter implements HttpMessageConverter<Object> {

  /** The extensions key a top-level {@code documentId} travels under to the interceptor. */
  static final String BODY_DOCUMENT_ID = "dev.tollgate.documentId";

  /** Where a body's document id may be, in the gateway's order. */
  private static final List<String> ID_FIELDS = List.of("documentId", "doc_id", "id");

  private final HttpMessageConverter<Object> json;

  DocumentIdBodyConverter(HttpMessageConverter<Object> json) {
    this.json = json;
  }

  @Override
  public boolean canRead(Class<?> type, @Nullable MediaType mediaType) {
    return json.canRead(type, mediaType);
  }

  @Override
  public boolean canWrite(Class<?> type, @Nullable MediaType mediaType) {
    return json.canWrite(type, mediaType);
  }

  @Override
  public List<MediaType> getSupportedMediaTypes() {
    return json.getSupportedMediaTypes();
  }

  @Override
  public Object read(Class<?> type, HttpInputMessage input) throws IOException {
    if (!SerializableGraphQlRequest.class.isAssignableFrom(type)) {
      return json.read(type, input);
    }
    if (!(json.read(Map.class, input) instanceof Map<?, ?> body)) {
      throw new HttpMessageNotReadableException("the request body must be a JSON object", input);
    }
    BodyRequest request = new BodyRequest();
    String query = string(body, "query", input);
    if (query != null) {
      request.setQuery(query);
    }
    String operationName = string(body, "operationName", input);
    if (operationName != null) {
      request.setOperationName(operationName);
    }
    request.setVariables(map(body, "variables", input));
    Map<String, Object> extensions = map(body, "extensions", input);
    String documentId = documentId(body, input);
    if (documentId != null) {
      extensions = new LinkedHashMap<>(extensions);
      extensions.put(BODY_DOCUMENT_ID, documentId);
    }
    request.setExtensions(extensions);
    return request;
  }

  @Override
  public void write(Object value, @Nullable MediaType contentType, HttpOutputMessage output)
      throws IOException {
    json.write(value, contentType, output);
  }

  /**
   * The document id from whichever of {@code documentId} and Relay's {@code doc_id} and {@code id}
   * carry one, as the gateway reads them; two that name different documents are refused.
   */
  private static @Nullable String documentId(Map<?, ?> body, HttpInputMessage input) {
    String id = null;
    String from = null;
    for (String field : ID_FIELDS) {
      String value = string(body, field, input);
      if (value == null) {
        continue;
      }
      try {
        RequestIds.requireSame(from, id, field, value);
      } catch (TollgateException e) {
        throw new HttpMessageNotReadableException(String.valueOf(e.getMessage()), input);
      }
      if (id == null) {
        id = value;
        from = field;
      }
    }
    return id;
  }

  private static @Nullable String string(Map<?, ?> body, String field, HttpInputMessage input) {
    Object value = body.get(field);
    if (value == null || value instanceof String) {
      return (String) value;
    }
    throw new HttpMessageNotReadableException("Invalid value for '" + field + "'", input);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Map<?, ?> body, String field, HttpInputMessage input) {
    Object value = body.get(field);
    if (value == null) {
      return new LinkedHashMap<>();
    }
    if (value instanceof Map<?, ?>) {
      return (Map<String, Object>) value;
    }
    throw new HttpMessageNotReadableException("Invalid value for '" + field + "'", input);
  }

  /** A body whose document is an id alone reads as graphql-java's persisted-query marker. */
  static final class BodyRequest extends SerializableGraphQlRequest {
    @Override
    public String getDocument() {
      if (getQuery() == null && getExtensions().containsKey(BODY_DOCUMENT_ID)) {
        return ExecutionInput.PERSISTED_QUERY_MARKER;
      }
      if (getQuery() == null && getExtensions().containsKey(TollgateWebInterceptor.DOCUMENT_ID)) {
        return ExecutionInput.PERSISTED_QUERY_MARKER;
      }
      return super.getDocument();
    }
  }
}
