package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.CostDirectives.ListSize;
import dev.tollgate.registry.pricing.expr.ArgumentCost;
import dev.tollgate.registry.pricing.expr.Expr;
import dev.tollgate.registry.pricing.expr.Source;
import graphql.language.Argument;
import graphql.language.ArrayValue;
import graphql.language.Field;
import graphql.language.NullValue;
import graphql.language.ObjectField;
import graphql.language.ObjectValue;
import graphql.language.Value;
import graphql.language.VariableReference;
import graphql.schema.GraphQLArgument;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLFieldsContainer;
import graphql.schema.GraphQLInputObjectField;
import graphql.schema.GraphQLInputObjectType;
import graphql.schema.GraphQLInputValueDefinition;
import graphql.schema.GraphQLInterfaceType;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLType;
import graphql.schema.GraphQLTypeUtil;
import graphql.schema.GraphQLUnionType;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The two presets' formulas for one field's cost (docs/cost-model.md). */
final class FieldCosts {

  /** The size a parent field with {@code sizedFields} gives its named children (Apollo). */
  record Sizing(List<String> names, List<Source> sources, @Nullable Integer assumedSize) {}

  /** A field's multiplier, and the sizing it passes to its children. */
  record Sized(Expr count, @Nullable Sizing childSizing) {}

  private final CostModel model;
  private final boolean apollo;
  private final CachedPrices prices;
  private final Binder binder;

  FieldCosts(CostModel model, CachedPrices prices, Binder binder) {
    this.model = model;
    this.apollo = model.preset() == CostPreset.APOLLO;
    this.prices = prices;
    this.binder = binder;
  }

  Sized sized(
      Field field, GraphQLFieldDefinition definition, @Nullable Sizing parent, boolean mayRun) {
    ListSize listSize = prices.cachedListSize(definition);
    if (listSize == null) {
      Expr count = apollo ? apolloCount(field, definition, null, List.of(), parent) : Expr.ONE;
      return new Sized(count, null);
    }
    List<Source> given = Slicing.sources(field, definition, listSize.slicingArguments());
    if (apollo && mayRun) {
      requireOneSlicingArgument(field, listSize, given);
    }
    List<Source> sources = given.stream().map(binder::source).toList();
    if (!apollo) {
      Expr fallback = Expr.constant(orDefault(listSize.assumedSize()));
      return new Sized(Expr.size(false, sources, fallback), null);
    }
    Sizing child =
        listSize.sizedFields().isEmpty()
            ? null
            : new Sizing(listSize.sizedFields(), sources, listSize.assumedSize());
    return new Sized(apolloCount(field, definition, listSize, sources, parent), child);
  }

  Expr cost(
      Field field,
      GraphQLFieldsContainer parent,
      GraphQLFieldDefinition definition,
      Sized sized,
      Expr children) {
    if (!apollo) {
      Long weight = prices.cachedWeight(definition);
      Expr base = Expr.constant(weight == null ? 1 : weight);
      Expr own = Expr.sum(base, Expr.product(sized.count(), children));
      return Expr.clamp(model.fieldCostClamp(), own);
    }
    Expr typed =
        Expr.product(sized.count(), Expr.sum(Expr.constant(typeCost(definition)), children));
    return Expr.clamp(
        model.fieldCostClamp(), Expr.sum(typed, arguments(field, parent, definition)));
  }

  private long orDefault(@Nullable Integer size) {
    return size == null ? model.defaultListSize() : size;
  }

  /**
   * Apollo: 1 for a non-list; a list takes its parent's sized-field size, else its own, else the
   * global size.
   */
  private Expr apolloCount(
      Field field,
      GraphQLFieldDefinition definition,
      @Nullable ListSize listSize,
      List<Source> sources,
      @Nullable Sizing parent) {
    if (!GraphQLTypeUtil.isList(GraphQLTypeUtil.unwrapNonNull(definition.getType()))) {
      return Expr.ONE;
    }
    Expr own =
        listSize == null
            ? Expr.constant(model.defaultListSize())
            : Expr.size(true, sources, Expr.constant(orDefault(listSize.assumedSize())));
    if (parent == null || !parent.names().contains(field.getName())) {
      return own;
    }
    Expr fallback = parent.assumedSize() == null ? own : Expr.constant(parent.assumedSize());
    return Expr.size(true, parent.sources(), fallback);
  }

  /**
   * Apollo refuses a field that needs exactly one slicing argument and is given none, or several.
   */
  private static void requireOneSlicingArgument(
      Field field, ListSize listSize, List<Source> given) {
    if (!listSize.requireOneSlicingArgument() || listSize.slicingArguments().isEmpty()) {
      return;
    }
    long present =
        given.stream().filter(s -> !s.isConstant() || s.constant() != Source.ABSENT).count();
    if (present != 1) {
      // Apollo Router's text (COST_INVALID_SLICING_ARGUMENTS), with the arguments it may take
      throw PriceCompiler.invalid(
          "Exactly one slicing argument is required for field '"
              + field.getName()
              + "', but found "
              + present
              + " (slicing arguments: "
              + String.join(", ", listSize.slicingArguments())
              + ")");
    }
  }

  /**
   * A field's {@code @cost} weight replaces its type's; else objects, interfaces, unions 1, else 0.
   */
  long typeCost(GraphQLFieldDefinition definition) {
    GraphQLType named = GraphQLTypeUtil.unwrapAll(definition.getType());
    Long weight = prices.cachedWeight(definition);
    if (weight == null) {
      weight = prices.cachedWeight(named);
    }
    if (weight != null) {
      return weight;
    }
    boolean composite =
        named instanceof GraphQLObjectType
            || named instanceof GraphQLInterfaceType
            || named instanceof GraphQLUnionType;
    return composite ? 1 : 0;
  }

  Expr arguments(Field field, GraphQLFieldsContainer parent, GraphQLFieldDefinition definition) {
    List<Expr> terms = new ArrayList<>();
    for (Argument argument : field.getArguments()) {
      GraphQLArgument declared = definition.getArgument(argument.getName());
      if (declared != null) {
        String coordinate = ArgumentCost.coordinate(parent, definition, declared.getName());
        terms.add(argumentCost(argument.getValue(), declared, coordinate));
      }
    }
    return Expr.sum(terms);
  }

  private Expr argumentCost(
      Value<?> value, GraphQLInputValueDefinition definition, String coordinate) {
    if (value instanceof VariableReference ref) {
      return binder.expr(new ArgumentCost(ref.getName(), coordinate, definition, prices));
    }
    if (value instanceof NullValue) {
      return Expr.ZERO;
    }
    Long weight = prices.cachedWeight(definition);
    GraphQLType named = GraphQLTypeUtil.unwrapAll(definition.getType());
    List<Expr> terms = new ArrayList<>();
    if (value instanceof ObjectValue object && named instanceof GraphQLInputObjectType input) {
      terms.add(Expr.constant(weight == null ? 1 : weight));
      for (ObjectField given : object.getObjectFields()) {
        terms.add(inputFieldCost(given, input));
      }
      return Expr.sum(terms);
    }
    terms.add(Expr.constant(weight == null ? 0 : weight));
    if (value instanceof ArrayValue list) {
      for (Value<?> element : list.getValues()) {
        terms.add(argumentCost(element, definition, coordinate));
      }
    }
    return Expr.sum(terms);
  }

  private Expr inputFieldCost(ObjectField given, GraphQLInputObjectType input) {
    GraphQLInputObjectField field = input.getField(given.getName());
    if (field == null) {
      return Expr.ZERO;
    }
    return argumentCost(given.getValue(), field, ArgumentCost.coordinate(input, field));
  }
}
