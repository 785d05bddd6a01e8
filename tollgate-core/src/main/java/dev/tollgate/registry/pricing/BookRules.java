package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.CostDirectives.ListSize;
import dev.tollgate.registry.pricing.FieldVisit.Sizing;
import dev.tollgate.registry.pricing.PlanStep.Count;
import dev.tollgate.registry.pricing.expr.Expr;
import dev.tollgate.registry.pricing.expr.Source;
import graphql.language.OperationDefinition;
import graphql.schema.GraphQLFieldDefinition;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The book's preset: a field costs its {@code @cost} weight (else 1) plus its children times its
 * list size (the first slicing argument given, else {@code assumedSize}, else the model's size; 1
 * without {@code @listSize}), clamped per field. Arguments cost nothing.
 */
final class BookRules implements CostRules {

  private final CostModel model;
  private final CachedPrices prices;

  BookRules(CostModel model, CachedPrices prices) {
    this.model = model;
    this.prices = prices;
  }

  @Override
  public long base(OperationDefinition.Operation operation) {
    return 0;
  }

  @Override
  public @Nullable Sizing childSizing(@Nullable ListSize listSize, List<Source> sources) {
    return null;
  }

  @Override
  public void check(FieldVisit field) {}

  @Override
  public Expr cost(FieldVisit field, Expr children) {
    Expr own =
        Expr.sum(Expr.constant(weight(field.definition())), Expr.product(size(field), children));
    return Expr.clamp(model.fieldCostClamp(), own);
  }

  private Expr size(FieldVisit field) {
    ListSize listSize = field.listSize();
    if (listSize == null) {
      return Expr.ONE;
    }
    Integer assumed = listSize.assumedSize();
    Expr fallback = Expr.constant(assumed == null ? model.defaultListSize() : assumed);
    return Expr.size(largestSlice(), field.sources(), fallback);
  }

  /**
   * A priced list: its weight once and each item's children; a connection: its sized list's length
   * times its children; else one instance, a list its dearest item.
   */
  @Override
  public Count count(FieldVisit field, @Nullable String sizedKey) {
    if (field.list()) {
      return field.listSize() != null ? Count.ITEMS : Count.ONE;
    }
    return field.listSize() != null && sizedKey != null ? Count.CONNECTION : Count.ONE;
  }

  @Override
  public long weight(GraphQLFieldDefinition definition) {
    Long weight = prices.cachedWeight(definition);
    return weight == null ? 1 : weight;
  }

  @Override
  public Expr arguments(FieldVisit field) {
    return Expr.ZERO;
  }

  @Override
  public boolean largestSlice() {
    return false;
  }
}
