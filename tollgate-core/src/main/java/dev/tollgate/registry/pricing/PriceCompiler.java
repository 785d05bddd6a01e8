package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.expr.Cond;
import dev.tollgate.registry.pricing.expr.Expr;
import graphql.language.FragmentDefinition;
import graphql.language.OperationDefinition;
import graphql.schema.GraphQLSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Compiles one operation's price from {@link OperationWalker}'s walk: a cost expression and a depth
 * expression ({@link dev.tollgate.registry.document.AliasCount} counts aliases, on the text alone).
 * The one walk serves both paths: with {@link Binder#SYMBOLIC} variables stay leaves of the
 * expression; with a concrete binder the walk folds to numbers. A fragment's cost counts where the
 * spread prices it; its depth wherever a live spread stands.
 */
final class PriceCompiler implements WalkSink<PriceCompiler.Walk> {

  record Result(Expr cost, Expr depth) {}

  /** The price of one selection. */
  record Walk(Expr cost, Expr depth) {

    /** Selections side by side: their costs add up, the deepest sets the depth. */
    static Walk of(List<Walk> selections) {
      List<Expr> costs = new ArrayList<>(selections.size());
      List<Expr> depths = new ArrayList<>(selections.size());
      for (Walk walk : selections) {
        costs.add(walk.cost());
        depths.add(walk.depth());
      }
      return new Walk(Expr.sum(costs), Expr.max(depths));
    }
  }

  private final CostRules rules;
  private final OperationWalker walker;

  PriceCompiler(
      GraphQLSchema schema,
      CostModel model,
      CachedPrices prices,
      Map<String, FragmentDefinition> fragments,
      Binder binder) {
    this.rules = CostRules.of(model, prices, binder);
    this.walker = new OperationWalker(schema, model, prices, fragments, rules, binder);
  }

  Result compile(OperationDefinition operation) {
    Walk walk = Walk.of(walker.walk(operation, this));
    Expr base = Expr.constant(rules.base(operation.getOperation()));
    return new Result(Expr.sum(base, walk.cost()), walk.depth());
  }

  @Override
  public void enterField(FieldVisit field) {
    rules.check(field);
  }

  @Override
  public Walk field(FieldVisit field, List<Walk> children) {
    Walk inner = Walk.of(children);
    Cond live = field.live();
    Expr cost = rules.cost(field, inner.cost());
    return new Walk(Expr.when(live, cost), Expr.when(live, Expr.sum(Expr.ONE, inner.depth())));
  }

  @Override
  public Walk inlineFragment(Cond live, List<Walk> children) {
    Walk walk = Walk.of(children);
    return new Walk(Expr.when(live, walk.cost()), Expr.when(live, walk.depth()));
  }

  /** Always: a spread that prices nothing still has a depth. */
  @Override
  public boolean entersSpread(Cond priced) {
    return true;
  }

  @Override
  public Walk spread(Cond live, Cond priced, List<Walk> children) {
    Walk walk = Walk.of(children);
    return new Walk(Expr.when(priced, walk.cost()), Expr.when(live, walk.depth()));
  }
}
