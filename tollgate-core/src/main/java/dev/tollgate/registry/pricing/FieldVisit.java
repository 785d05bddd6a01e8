package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.CostDirectives.ListSize;
import dev.tollgate.registry.pricing.expr.Cond;
import dev.tollgate.registry.pricing.expr.Source;
import graphql.language.Field;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLFieldsContainer;
import graphql.schema.GraphQLTypeUtil;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One field as {@link OperationWalker} meets it, resolved against the schema once for both of its
 * sinks and for the preset's {@link CostRules}.
 *
 * @param parent the type the field is selected on
 * @param listSize its {@code @listSize}, or {@code null}
 * @param slicing its slicing arguments as the text gives them (a variable stays a variable); empty
 *     without {@code @listSize}
 * @param sources the same, bound by the walk's {@link Binder}
 * @param sizing the size its parent gives the fields it names in {@code sizedFields} (Apollo), or
 *     {@code null}
 * @param live whether it runs ({@code @skip}/{@code @include}), under the walk's binder
 * @param mayRun false only when a literal {@code @skip}/{@code @include} on it or above excludes it
 */
record FieldVisit(
    Field field,
    GraphQLFieldsContainer parent,
    GraphQLFieldDefinition definition,
    @Nullable ListSize listSize,
    List<Source> slicing,
    List<Source> sources,
    @Nullable Sizing sizing,
    Cond live,
    boolean mayRun) {

  /** The size a parent field with {@code sizedFields} gives its named children (Apollo). */
  record Sizing(List<String> names, List<Source> sources, @Nullable Integer assumedSize) {}

  /** {@code field} selected on {@code parent}, resolved against the schema's price list. */
  static FieldVisit of(
      Field field,
      GraphQLFieldsContainer parent,
      CachedPrices prices,
      Binder binder,
      @Nullable Sizing sizing,
      Cond live,
      boolean mayRun) {
    GraphQLFieldDefinition definition = parent.getFieldDefinition(field.getName());
    ListSize listSize = prices.cachedListSize(definition);
    List<Source> slicing =
        listSize == null
            ? List.of()
            : Slicing.sources(field, definition, listSize.slicingArguments());
    List<Source> sources = slicing.stream().map(binder::source).toList();
    return new FieldVisit(
        field, parent, definition, listSize, slicing, sources, sizing, live, mayRun);
  }

  /** Whether the field's type is a list (under its non-null wrapper). */
  boolean list() {
    return GraphQLTypeUtil.isList(GraphQLTypeUtil.unwrapNonNull(definition.getType()));
  }
}
