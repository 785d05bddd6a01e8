package dev.tollgate.client;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * A dry run: which manifest to send where, and the highest cost an operation may have.
 *
 * @param target the registry, app, version and manifest
 * @param maxCost the highest cost allowed, or {@code null} for no limit
 */
public record CheckRequest(RegistryRequest target, @Nullable Long maxCost) {

  public CheckRequest {
    requireNonNull(target, "target");
    if (maxCost != null && maxCost < 0) {
      throw new IllegalArgumentException("max cost must not be negative: " + maxCost);
    }
  }
}
