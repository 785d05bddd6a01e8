package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.expr.Cond;
import dev.tollgate.registry.pricing.expr.Expr;
import graphql.language.FragmentDefinition;
import graphql.language.OperationDefinition;
import graphql.schema.GraphQLSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compiles one operation's price from {@link OperationWalker}'s walk: a cost expression and a depth
 * expression ({@link dev.tollgate.registry.document.AliasCount} counts aliases, on the text alone).
 * The one walk serves both paths: with {@link Binder#SYMBOLIC} variables stay leaves of the
 * expression; with a concrete binder the walk folds to numbers. A fragment's cost counts where the
 * spread prices it; its depth wherever a live spread stands.
 */
final class PriceCompiler implements WalkSink<PriceCompiler.Walk> {

  /**
   * @param terms what each root field costs (and the base cost), adding up to {@code cost}
   */
  record Result(Expr cost, Expr depth, List<PriceTerm> terms) {}

  /**
   * The price of one selection, with the terms its outermost fields contribute (a field's own term
   * replaces its children's).
   */
  record Walk(Expr cost, Expr depth, List<PriceTerm> terms) {

    /** Selections side by side: their costs add up, the deepest sets the depth. */
    static Walk of(List<Walk> selections) {
      List<Expr> costs = new ArrayList<>(selections.size());
      List<Expr> depths = new ArrayList<>(selections.size());
      List<PriceTerm> terms = new ArrayList<>();
      for (Walk walk : selections) {
        costs.add(walk.cost());
        depths.add(walk.depth());
        terms.addAll(walk.terms());
      }
      return new Walk(Expr.sum(costs), Expr.max(depths), terms);
    }

    /** This walk, its cost counted when {@code priced} holds and its depth when {@code live}. */
    Walk when(Cond priced, Cond live) {
      List<PriceTerm> conditional = new ArrayList<>(terms.size());
      for (PriceTerm term : terms) {
        conditional.add(new PriceTerm(term.coordinate(), Expr.when(priced, term.cost())));
      }
      return new Walk(Expr.when(priced, cost), Expr.when(live, depth), conditional);
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
    List<PriceTerm> terms = new ArrayList<>(walk.terms());
    if (!base.equals(Expr.ZERO)) {
      terms.add(new PriceTerm(baseCoordinate(operation), base));
    }
    return new Result(Expr.sum(base, walk.cost()), walk.depth(), terms);
  }

  private static String baseCoordinate(OperationDefinition operation) {
    return operation.getOperation().name().toLowerCase(Locale.ROOT);
  }

  @Override
  public void enterField(FieldVisit field) {
    rules.check(field);
  }

  @Override
  public Walk field(FieldVisit field, List<Walk> children) {
    Walk inner = Walk.of(children);
    Cond live = field.live();
    Expr cost = Expr.when(live, rules.cost(field, inner.cost()));
    String coordinate = field.parent().getName() + "." + field.definition().getName();
    return new Walk(
        cost,
        Expr.when(live, Expr.sum(Expr.ONE, inner.depth())),
        List.of(new PriceTerm(coordinate, cost)));
  }

  @Override
  public Walk inlineFragment(Cond live, List<Walk> children) {
    return Walk.of(children).when(live, live);
  }

  /** Always: a spread that prices nothing still has a depth. */
  @Override
  public boolean entersSpread(Cond priced) {
    return true;
  }

  @Override
  public Walk spread(Cond live, Cond priced, List<Walk> children) {
    return Walk.of(children).when(priced, live);
  }
}
