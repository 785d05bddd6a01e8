package dev.tollgate.registry.schema;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One operation of one active version under the current and under the new schema.
 *
 * @param oldPrice the current cost expression, readable ({@code 1 + ($first ?? 10) × 3})
 * @param newPrice the new one; null when broken
 * @param oldCost the current cost at the operation's default variables
 * @param newCost the new one; null when broken
 * @param errors graphql-java's validation errors when broken, else empty
 */
public record OperationImpact(
    String app,
    String version,
    String id,
    @Nullable String name,
    String oldPrice,
    @Nullable String newPrice,
    long oldCost,
    @Nullable Long newCost,
    ImpactStatus status,
    List<String> errors) {

  public OperationImpact {
    errors = List.copyOf(errors);
  }
}
