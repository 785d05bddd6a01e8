package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.CostDirectives.ListSize;
import dev.tollgate.registry.pricing.FieldVisit.Sizing;
import dev.tollgate.registry.pricing.PlanStep.Count;
import dev.tollgate.registry.pricing.expr.Expr;
import dev.tollgate.registry.pricing.expr.Source;
import graphql.language.OperationDefinition;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLInterfaceType;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLType;
import graphql.schema.GraphQLTypeUtil;
import graphql.schema.GraphQLUnionType;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Apollo Router's demand control: a field costs its type's weight plus its children, times its list
 * size (the largest slicing argument given, else {@code assumedSize}, else the global size, or the
 * size its parent gives it through {@code sizedFields}), plus the cost of the arguments it is
 * given; a mutation costs 10 more.
 */
final class ApolloRules implements CostRules {

  private static final long MUTATION_BASE = 10;

  private final CostModel model;
  private final CachedPrices prices;
  private final ArgumentCosts arguments;

  ApolloRules(CostModel model, CachedPrices prices, Binder binder) {
    this.model = model;
    this.prices = prices;
    this.arguments = new ArgumentCosts(prices, binder);
  }

  @Override
  public long base(OperationDefinition.Operation operation) {
    return operation == OperationDefinition.Operation.MUTATION ? MUTATION_BASE : 0;
  }

  @Override
  public @Nullable Sizing childSizing(@Nullable ListSize listSize, List<Source> sources) {
    if (listSize == null || listSize.sizedFields().isEmpty()) {
      return null;
    }
    return new Sizing(listSize.sizedFields(), sources, listSize.assumedSize());
  }

  /**
   * Apollo refuses a field that needs exactly one slicing argument and is given none, or several; a
   * field that a literal {@code @skip}/{@code @include} excludes is not checked.
   */
  @Override
  public void check(FieldVisit field) {
    ListSize listSize = field.listSize();
    if (listSize == null || !field.mayRun()) {
      return;
    }
    if (!listSize.requireOneSlicingArgument() || listSize.slicingArguments().isEmpty()) {
      return;
    }
    long present =
        field.slicing().stream()
            .filter(s -> !s.isConstant() || s.constant() != Source.ABSENT)
            .count();
    if (present != 1) {
      // Apollo Router's text (COST_INVALID_SLICING_ARGUMENTS), with the arguments it may take
      throw OperationWalker.invalid(
          "Exactly one slicing argument is required for field '"
              + field.field().getName()
              + "', but found "
              + present
              + " (slicing arguments: "
              + String.join(", ", listSize.slicingArguments())
              + ")");
    }
  }

  @Override
  public Expr cost(FieldVisit field, Expr children) {
    Expr typed =
        Expr.product(size(field), Expr.sum(Expr.constant(weight(field.definition())), children));
    return Expr.clamp(model.fieldCostClamp(), Expr.sum(typed, arguments(field)));
  }

  /**
   * 1 for a non-list; a list takes its parent's sized-field size, else its own, else the global
   * size.
   */
  private Expr size(FieldVisit field) {
    if (!field.list()) {
      return Expr.ONE;
    }
    ListSize listSize = field.listSize();
    Expr own =
        listSize == null
            ? Expr.constant(model.defaultListSize())
            : Expr.size(largestSlice(), field.sources(), assumed(listSize));
    Sizing parent = field.sizing();
    if (parent == null || !parent.names().contains(field.field().getName())) {
      return own;
    }
    Expr fallback = parent.assumedSize() == null ? own : Expr.constant(parent.assumedSize());
    return Expr.size(largestSlice(), parent.sources(), fallback);
  }

  private Expr assumed(ListSize listSize) {
    Integer size = listSize.assumedSize();
    return Expr.constant(size == null ? model.defaultListSize() : size);
  }

  /** Every list: each item costs the type's weight and its children. */
  @Override
  public Count count(FieldVisit field, @Nullable String sizedKey) {
    return field.list() ? Count.EACH_ITEM : Count.ONE;
  }

  /**
   * A field's {@code @cost} weight replaces its type's; else objects, interfaces, unions 1, else 0.
   */
  @Override
  public long weight(GraphQLFieldDefinition definition) {
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

  @Override
  public Expr arguments(FieldVisit field) {
    return arguments.of(field.field(), field.parent(), field.definition());
  }

  @Override
  public boolean largestSlice() {
    return true;
  }
}
