package dev.tollgate.graphqljava;

import graphql.ExecutionInput;
import org.jspecify.annotations.Nullable;

/**
 * Who is calling: the API key one execution presents, which {@link TollgateGraphQL} maps to its
 * policy. An application supplies its own (from the Spring Security principal, a header, a token's
 * claim), or uses {@link #fromContext()}.
 */
@FunctionalInterface
public interface CallerResolver {

  /**
   * The {@code GraphQLContext} key {@link #fromContext()} reads: the application puts the value of
   * the request's {@code X-API-Key} header there (a {@code String}), or nothing for a caller
   * without a key.
   */
  String API_KEY = "X-API-Key";

  /**
   * The API key {@code input} presents, or {@code null} for a caller without one (the anonymous
   * policy). A key no policy is configured for is refused {@code UNAUTHENTICATED}.
   */
  @Nullable String apiKey(ExecutionInput input);

  /** Reads the {@code String} under {@link #API_KEY} in the execution's {@code GraphQLContext}. */
  static CallerResolver fromContext() {
    return input -> input.getGraphQLContext().get(API_KEY) instanceof String key ? key : null;
  }
}
