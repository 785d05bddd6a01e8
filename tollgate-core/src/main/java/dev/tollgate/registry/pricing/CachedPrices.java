package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.CostDirectives.ListSize;
import dev.tollgate.registry.pricing.expr.InputWeights;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLInputValueDefinition;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * {@link CostDirectives} read once per schema element: graphql-java coerces directive arguments on
 * every read, and a price evaluates {@code @cost} weights on each request.
 */
final class CachedPrices implements InputWeights {

  private final Map<Object, Optional<Long>> weights = new ConcurrentHashMap<>();
  private final Map<GraphQLFieldDefinition, Optional<ListSize>> listSizes =
      new ConcurrentHashMap<>();

  @Nullable Long cachedWeight(@Nullable Object element) {
    if (element == null) {
      return null;
    }
    return weights
        .computeIfAbsent(element, e -> Optional.ofNullable(CostDirectives.weight(e)))
        .orElse(null);
  }

  @Nullable ListSize cachedListSize(GraphQLFieldDefinition field) {
    return listSizes
        .computeIfAbsent(field, f -> Optional.ofNullable(CostDirectives.listSize(f)))
        .orElse(null);
  }

  @Override
  public @Nullable Long weight(GraphQLInputValueDefinition definition) {
    return cachedWeight(definition);
  }
}
