package dev.tollgate.registry.pricing;

import graphql.schema.GraphQLAppliedDirective;
import graphql.schema.GraphQLAppliedDirectiveArgument;
import graphql.schema.GraphQLDirectiveContainer;
import graphql.schema.GraphQLFieldDefinition;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Reads the schema's price list: {@code @cost(weight)} and {@code @listSize(...)}. */
final class PriceList {

  private PriceList() {}

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
