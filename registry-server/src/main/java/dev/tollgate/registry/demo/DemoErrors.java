package dev.tollgate.registry.demo;

import graphql.GraphqlErrorBuilder;
import graphql.execution.DataFetcherExceptionHandler;
import graphql.execution.DataFetcherExceptionHandlerParameters;
import graphql.execution.DataFetcherExceptionHandlerResult;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a {@link DemoError} into a GraphQL error with its message and {@code extensions.code}.
 * Anything else is a bug: it is logged, and the client reads only "Internal server error", so no
 * exception text leaks into a response.
 */
final class DemoErrors implements DataFetcherExceptionHandler {

  private static final Logger LOG = LoggerFactory.getLogger(DemoErrors.class);

  @Override
  public CompletableFuture<DataFetcherExceptionHandlerResult> handleException(
      DataFetcherExceptionHandlerParameters parameters) {
    Throwable exception = parameters.getException();
    if (exception instanceof DemoError error) {
      return result(parameters, String.valueOf(error.getMessage()), error.code());
    }
    LOG.error("demo resolver failed at {}", parameters.getPath(), exception);
    return result(parameters, "Internal server error", "INTERNAL_SERVER_ERROR");
  }

  private static CompletableFuture<DataFetcherExceptionHandlerResult> result(
      DataFetcherExceptionHandlerParameters parameters, String message, String code) {
    return CompletableFuture.completedFuture(
        DataFetcherExceptionHandlerResult.newResult(
                GraphqlErrorBuilder.newError()
                    .message(message)
                    .location(parameters.getSourceLocation())
                    .path(parameters.getPath())
                    .extensions(Map.of("code", code))
                    .build())
            .build());
  }
}
