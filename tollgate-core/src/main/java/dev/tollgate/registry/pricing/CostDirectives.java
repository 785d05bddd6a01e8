package dev.tollgate.registry.pricing;

import graphql.schema.GraphQLAppliedDirective;
import graphql.schema.GraphQLAppliedDirectiveArgument;
import graphql.schema.GraphQLDirectiveContainer;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The one reader of the schema's price list, {@code @cost(weight:)} and {@code @listSize(...)}: the
 * price compiler and {@code /v1/price-list} ({@link SchemaPrices}) both read through it, so what is
 * listed is what is priced.
 *
 * <p>The rule: a directive argument counts only when the schema sets it (given, or defaulted by the
 * directive's definition); a weight is any number, read as a {@code long} (the directive declares
 * {@code Int}); {@code assumedSize} is read as an {@code int}; {@code slicingArguments} and {@code
 * sizedFields} are lists of strings, an unset one empty; {@code requireOneSlicingArgument} holds
 * unless set to {@code false}. Any schema element may carry either directive; pricing reads
 * {@code @cost} on fields, arguments, input fields and types and {@code @listSize} on fields, and
 * the price list shows every one.
 */
public final class CostDirectives {

  private CostDirectives() {}

  /** The arguments of one {@code @listSize}. */
  public record ListSize(
      @Nullable Integer assumedSize,
      List<String> slicingArguments,
      List<String> sizedFields,
      boolean requireOneSlicingArgument) {

    public ListSize {
      slicingArguments = List.copyOf(slicingArguments);
      sizedFields = List.copyOf(sizedFields);
    }
  }

  /**
   * One priced schema coordinate ({@code Type}, {@code Type.field}, {@code Type.field(arg:)},
   * {@code Input.field}).
   *
   * @param weight the {@code @cost} weight, {@code null} when only {@code @listSize} is given
   * @param listSize the {@code @listSize} arguments, {@code null} when absent
   */
  public record Price(String coordinate, @Nullable Long weight, @Nullable ListSize listSize) {}

  /** The {@code @cost} weight on a field, argument, input field or type; null when none. */
  public static @Nullable Long weight(@Nullable Object element) {
    GraphQLAppliedDirective cost = directive(element, "cost");
    Object weight = cost == null ? null : value(cost, "weight");
    return weight instanceof Number number ? number.longValue() : null;
  }

  /** The {@code @listSize} on a schema element; null when none. */
  public static @Nullable ListSize listSize(@Nullable Object element) {
    GraphQLAppliedDirective directive = directive(element, "listSize");
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

  private static @Nullable GraphQLAppliedDirective directive(
      @Nullable Object element, String name) {
    return element instanceof GraphQLDirectiveContainer container
        ? container.getAppliedDirective(name)
        : null;
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
