package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.CostDirectives.ListSize;
import dev.tollgate.registry.pricing.PlanStep.Count;
import dev.tollgate.registry.pricing.PlanStep.FieldStep;
import dev.tollgate.registry.pricing.PlanStep.FragmentStep;
import dev.tollgate.registry.pricing.PlanStep.Slot;
import dev.tollgate.registry.pricing.expr.Cond;
import dev.tollgate.registry.pricing.expr.Expr;
import dev.tollgate.registry.pricing.expr.Source;
import graphql.language.Argument;
import graphql.language.BooleanValue;
import graphql.language.Directive;
import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.OperationDefinition;
import graphql.language.Selection;
import graphql.language.SelectionSet;
import graphql.language.Value;
import graphql.language.VariableReference;
import graphql.schema.GraphQLCompositeType;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLFieldsContainer;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLType;
import graphql.schema.GraphQLTypeUtil;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Compiles one operation into its {@link ActualCostPlan}, once: the same walk as {@link
 * PriceCompiler} (same weights, same fragment rule, introspection free), but each field keeps its
 * response key so that the plan reads list sizes from the answer instead of slicing arguments.
 * Validation guarantees every name resolves.
 */
final class ActualPlanCompiler {

  private final GraphQLSchema schema;
  private final CostModel model;
  private final boolean apollo;
  private final CachedPrices prices;
  private final FieldCosts costs;
  private final Map<String, FragmentDefinition> fragments;
  private final Map<String, List<Cond>> visits = new HashMap<>();
  private final Map<String, Integer> slots = new LinkedHashMap<>();
  private boolean variables;

  ActualPlanCompiler(
      GraphQLSchema schema,
      CostModel model,
      CachedPrices prices,
      Map<String, FragmentDefinition> fragments) {
    this.schema = schema;
    this.model = model;
    this.apollo = model.preset() == CostPreset.APOLLO;
    this.prices = prices;
    this.costs = new FieldCosts(model, prices, Binder.SYMBOLIC);
    this.fragments = fragments;
  }

  ActualCostPlan compile(OperationDefinition operation) {
    GraphQLFieldsContainer root =
        switch (operation.getOperation()) {
          case QUERY -> schema.getQueryType();
          case MUTATION -> schema.getMutationType();
          case SUBSCRIPTION -> schema.getSubscriptionType();
        };
    if (root == null) {
      throw PriceCompiler.invalid(
          "Schema is not configured for " + operation.getOperation().name().toLowerCase() + "s.");
    }
    PlanStep[] steps = selections(operation.getSelectionSet(), root, Cond.TRUE);
    boolean mutation = operation.getOperation() == OperationDefinition.Operation.MUTATION;
    long base = apollo && mutation ? 10 : 0;
    return new ActualCostPlan(
        schema,
        operation.getVariableDefinitions(),
        steps,
        base,
        apollo,
        variables,
        List.copyOf(slots.keySet()));
  }

  private PlanStep[] selections(
      @Nullable SelectionSet set, GraphQLCompositeType type, Cond traversed) {
    if (set == null) {
      return new PlanStep[0];
    }
    List<PlanStep> steps = new ArrayList<>();
    for (Selection<?> selection : set.getSelections()) {
      PlanStep step = selection(selection, type, traversed);
      if (step != null) {
        steps.add(step);
      }
    }
    return steps.toArray(new PlanStep[0]);
  }

  private @Nullable PlanStep selection(
      Selection<?> selection, GraphQLCompositeType type, Cond traversed) {
    if (selection instanceof Field field) {
      return field.getName().startsWith("__") ? null : field(field, type, traversed);
    }
    if (selection instanceof InlineFragment inline) {
      Cond live = conditions(inline.getDirectives());
      GraphQLCompositeType inner =
          inline.getTypeCondition() == null
              ? type
              : (GraphQLCompositeType) typeNamed(inline.getTypeCondition().getName());
      return new FragmentStep(
          Cond.TRUE, selections(inline.getSelectionSet(), inner, Cond.and(traversed, live)));
    }
    return spread((FragmentSpread) selection, traversed);
  }

  private PlanStep spread(FragmentSpread spread, Cond traversed) {
    Cond live = conditions(spread.getDirectives());
    FragmentDefinition fragment =
        Objects.requireNonNull(fragments.get(spread.getName()), spread.getName());
    var type = (GraphQLCompositeType) typeNamed(fragment.getTypeCondition().getName());
    Cond priced = pricedHere(spread.getName(), live, traversed);
    if (Cond.FALSE.equals(priced)) {
      return new FragmentStep(priced, new PlanStep[0]);
    }
    noteVariables(priced);
    return new FragmentStep(
        priced, selections(fragment.getSelectionSet(), type, Cond.and(traversed, priced)));
  }

  /** {@link PriceCompiler}'s rule: under {@code first}, the first live spread prices it. */
  private Cond pricedHere(String fragment, Cond live, Cond traversed) {
    if (model.fragmentSpreads() == FragmentSpreads.EACH) {
      return live;
    }
    List<Cond> earlier = visits.computeIfAbsent(fragment, name -> new ArrayList<>());
    Cond first = Cond.and(live, Cond.not(Cond.or(earlier)));
    earlier.add(Cond.and(traversed, live));
    return first;
  }

  private FieldStep field(Field field, GraphQLCompositeType parent, Cond traversed) {
    GraphQLFieldsContainer container = (GraphQLFieldsContainer) parent;
    GraphQLFieldDefinition definition = container.getFieldDefinition(field.getName());
    ListSize listSize = prices.cachedListSize(definition);
    boolean list = GraphQLTypeUtil.isList(GraphQLTypeUtil.unwrapNonNull(definition.getType()));
    GraphQLType named = GraphQLTypeUtil.unwrapAll(definition.getType());
    Cond inner = Cond.and(traversed, conditions(field.getDirectives()));
    PlanStep[] children =
        named instanceof GraphQLCompositeType composite
            ? selections(field.getSelectionSet(), composite, inner)
            : new PlanStep[0];
    String sizedKey = list || listSize == null ? null : sizedKey(field, named, listSize);
    Count count = count(list, listSize, sizedKey);
    Expr arguments = apollo ? costs.arguments(field, container, definition) : Expr.ZERO;
    noteVariables(arguments);
    Slot slot = listSize == null ? null : slot(field, container, definition, listSize);
    return new FieldStep(
        field.getResultKey(),
        count,
        list,
        weight(definition),
        arguments,
        model.fieldCostClamp(),
        children,
        sizedKey,
        slot);
  }

  private Count count(boolean list, @Nullable ListSize listSize, @Nullable String sizedKey) {
    if (list) {
      return apollo || listSize != null ? Count.ITEMS : Count.ONE;
    }
    return !apollo && listSize != null && sizedKey != null ? Count.CONNECTION : Count.ONE;
  }

  private long weight(GraphQLFieldDefinition definition) {
    if (apollo) {
      return costs.typeCost(definition);
    }
    Long weight = prices.cachedWeight(definition);
    return weight == null ? 1 : weight;
  }

  /**
   * The response key of the list a connection's size is read from: the first {@code sizedFields}
   * name selected, else the connection type's one list field, when selected.
   */
  private static @Nullable String sizedKey(Field field, GraphQLType type, ListSize listSize) {
    List<String> names = new ArrayList<>(listSize.sizedFields());
    if (names.isEmpty() && type instanceof GraphQLFieldsContainer connection) {
      List<String> lists = new ArrayList<>();
      for (GraphQLFieldDefinition child : connection.getFieldDefinitions()) {
        if (GraphQLTypeUtil.isList(GraphQLTypeUtil.unwrapNonNull(child.getType()))) {
          lists.add(child.getName());
        }
      }
      if (lists.size() == 1) {
        names.add(lists.get(0));
      }
    }
    if (field.getSelectionSet() == null) {
      return null;
    }
    for (Selection<?> selection : field.getSelectionSet().getSelections()) {
      if (selection instanceof Field child && names.contains(child.getName())) {
        return child.getResultKey();
      }
    }
    return null;
  }

  private Slot slot(
      Field field,
      GraphQLFieldsContainer container,
      GraphQLFieldDefinition definition,
      ListSize listSize) {
    String coordinate = container.getName() + "." + definition.getName();
    int index = slots.computeIfAbsent(coordinate, c -> slots.size());
    List<Source> slicing = Slicing.sources(field, definition, listSize.slicingArguments());
    for (Source source : slicing) {
      variables |= !source.isConstant();
    }
    return new Slot(index, coordinate, slicing, apollo);
  }

  private void noteVariables(Expr expr) {
    variables |= !(expr instanceof Expr.Const);
  }

  private void noteVariables(Cond cond) {
    variables |= !(Cond.TRUE.equals(cond) || Cond.FALSE.equals(cond));
  }

  private GraphQLType typeNamed(String name) {
    return Objects.requireNonNull(schema.getType(name), name);
  }

  private static Cond conditions(List<Directive> directives) {
    Cond live = Cond.TRUE;
    for (Directive directive : directives) {
      if (directive.getName().equals("include")) {
        live = Cond.and(live, ifArgument(directive));
      } else if (directive.getName().equals("skip")) {
        live = Cond.and(live, Cond.not(ifArgument(directive)));
      }
    }
    return live;
  }

  private static Cond ifArgument(Directive directive) {
    Argument argument = directive.getArgument("if");
    Value<?> value = argument == null ? null : argument.getValue();
    if (value instanceof BooleanValue literal) {
      return Cond.of(literal.isValue());
    }
    if (value instanceof VariableReference ref) {
      return Cond.var(ref.getName());
    }
    return Cond.FALSE;
  }
}
