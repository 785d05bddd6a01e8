package dev.tollgate.registry.calibration;

import org.jspecify.annotations.Nullable;

/**
 * Which operations {@code GET /v1/operations} lists: those of {@code app} (the app the requests
 * were admitted under; {@code ""} for open-mode text) and of {@code policy}; {@code null} is any.
 */
public record OperationFilter(@Nullable String app, @Nullable String policy) {

  public static final OperationFilter ALL = new OperationFilter(null, null);

  boolean accepts(String rowApp, String rowPolicy) {
    return (app == null || app.equals(rowApp)) && (policy == null || policy.equals(rowPolicy));
  }
}
