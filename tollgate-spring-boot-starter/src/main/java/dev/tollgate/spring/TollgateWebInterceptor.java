package dev.tollgate.spring;

import dev.tollgate.graphqljava.CallerResolver;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;
import reactor.core.publisher.Mono;

/**
 * Carries what the gateway reads from the HTTP request into the execution's {@code GraphQLContext}:
 * the {@code X-API-Key} header (which {@link CallerResolver#fromContext()} reads) and a body's
 * top-level {@code documentId} (which {@link DocumentIdBodyConverter} set aside in the extensions).
 * {@code extensions.persistedQuery} and {@code extensions.documentId} reach Tollgate as they are.
 */
public final class TollgateWebInterceptor implements WebGraphQlInterceptor {

  /** The GraphQLContext key of the body's document id, which Tollgate reads. */
  static final String DOCUMENT_ID = "documentId";

  @Override
  public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
    String apiKey = request.getHeaders().getFirst(CallerResolver.API_KEY);
    Object bodyId = request.getExtensions().get(DocumentIdBodyConverter.BODY_DOCUMENT_ID);
    if (apiKey != null || bodyId != null) {
      request.configureExecutionInput(
          (input, builder) -> {
            if (apiKey != null) {
              input.getGraphQLContext().put(CallerResolver.API_KEY, apiKey);
            }
            if (bodyId != null) {
              input.getGraphQLContext().put(DOCUMENT_ID, bodyId);
              builder.extensions(withoutBodyId(input.getExtensions()));
            }
            return builder.build();
          });
    }
    return chain.next(request);
  }

  private static Map<String, Object> withoutBodyId(Map<String, @Nullable Object> extensions) {
    Map<String, Object> rest = new LinkedHashMap<>();
    extensions.forEach(
        (name, value) -> {
          if (value != null && !name.equals(DocumentIdBodyConverter.BODY_DOCUMENT_ID)) {
            rest.put(name, value);
          }
        });
    return rest;
  }
}
