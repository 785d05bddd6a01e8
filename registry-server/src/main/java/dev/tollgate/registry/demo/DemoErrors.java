package dev.tollgate.registry.demo;

import graphql.GraphqlErrorBuilder;
import graphql.execution.DataFetcherExceptionHandler;
import graphql.execution.DataFetcherExceptionHandlerParameters;
import graphql.execution.DataFetcherExceptionHandlerResult;
import graphql.execution.SimpleDataFetcherExceptionHandler;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Turns a {@link DemoError} into a GraphQL error with its message and {@code extensions.code};
 * anything else is left to graphql-java's default handling.
 */
final class DemoErrors implements DataFetcherExceptionHandler {

  private final DataFetcherExceptionHandler fallback = new SimpleDataFetcherExceptionHandler();

  @Override
  public CompletableFuture<DataFetcherExceptionHandlerResult> handleException(
      DataFetcherExceptionHandlerParameters parameters) {
    if (!(parameters.getException() instanceof DemoError error)) {
      return fallback.handleException(parameters);
    }
    return CompletableFuture.completedFuture(DataFetcherExceptionHandlerResult.newResult(
            GraphqlErrorBuilder.newError()
                .message(error.getMessage())
                .location(parameters.getSourceLocation())
                .path(parameters.getPath())
                .extensions(Map.of("code", error.code()))
                .build())
        .build());
  }
}
