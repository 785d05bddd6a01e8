package dev.tollgate.registry.pricing;

import graphql.schema.GraphQLAppliedDirective;
import graphql.schema.GraphQLAppliedDirectiveArgument;
import graphql.schema.GraphQLDirectiveContainer;
import graphql.schema.GraphQLFieldDefinition;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Reads the schema's price list: {@code @cost(weight)} and {@code @listSize(...)}. An instance
 * caches what it read per schema element (graphql-java coerces directive arguments on every read).
 */
final class PriceList {

  private final Map<Object, Optional<Long>> weights = new ConcurrentHashMap<>();
  private final Map<GraphQLFieldDefinition, Optional<ListSize>> listSizes = new ConcurrentHashMap<>();

  /** The cached {@link #weight(Object)}. */
  @Nullable Long cachedWeight(@Nullable Object element) {
    if (element == null) {
      return null;
    }
    return weights.computeIfAbsent(element, e -> Optional.ofNullable(weight(e))).orElse(null);
  }

  /** The cached {@link #listSize(GraphQLFieldDefinition)}. */
  @Nullable ListSize cachedListSize(GraphQLFieldDefinition field) {
    return listSizes.computeIfAbsent(field, f -> Optional.ofNullable(listSize(f))).orElse(null);
  }

  /** The {@code @listSize} directive of a field, read. */
  record ListSize(
      @Nullable Integer assumedSize,
      List<String> slicingArguments,
      List<String> sizedFields,
      boolean requireOneSlicingArgument) {

    ListSize {
      slicingArguments = List.copyOf(slicingArguments);
      sizedFields = List.copyOf(sizedFields);
    }
  }

  /** The {@code @cost} weight on a field, argument, input field or type; null when none. */
  static @Nullable Long weight(@Nullable Object element) {
    if (!(element instanceof GraphQLDirectiveContainer container)) {
      return null;
    }
    GraphQLAppliedDirective cost = container.getAppliedDirective("cost");
    if (cost == null) {
      return null;
    }
    Object weight = value(cost, "weight");
    return weight instanceof Number number ? number.longValue() : null;
  }

  static @Nullable ListSize listSize(GraphQLFieldDefinition field) {
    GraphQLAppliedDirective directive = field.getAppliedDirective("listSize");
    if (directive == null) {
      return null;
    }
    Object assumed = value(directive, "assumedSize");
    Object require = value(directive, "requireOneSlicingArgument");
    return new ListSize(
        assumed instanceof Number number ? number.intValue() : null,
        strings(value(directive, "slicingArguments")),
        strings(value(directive, "sizedFields")),
        !Boolean.FALSE.equals(require));
  }

  private static @Nullable Object value(GraphQLAppliedDirective directive, String name) {
    GraphQLAppliedDirectiveArgument argument = directive.getArgument(name);
    if (argument == null || !argument.hasSetValue()) {
      return null;
    }
    return argument.getValue();
  }

  private static List<String> strings(@Nullable Object value) {
    if (!(value instanceof List<?> list)) {
      return List.of();
    }
    return list.stream().map(String::valueOf).toList();
  }
}
