package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.CostDirectives.ListSize;
import dev.tollgate.registry.pricing.PlanStep.FieldStep;
import dev.tollgate.registry.pricing.PlanStep.FragmentStep;
import dev.tollgate.registry.pricing.PlanStep.Slot;
import dev.tollgate.registry.pricing.expr.Cond;
import dev.tollgate.registry.pricing.expr.Expr;
import dev.tollgate.registry.pricing.expr.Source;
import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.OperationDefinition;
import graphql.language.Selection;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLFieldsContainer;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLType;
import graphql.schema.GraphQLTypeUtil;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Compiles one operation into its {@link ActualCostPlan}, once, from the same walk as {@link
 * PriceCompiler} ({@link OperationWalker}: same weights, same fragment rule, introspection free),
 * but each field keeps its response key so that the plan reads list sizes from the answer instead
 * of slicing arguments. A spread that prices nothing is not entered: the plan reads nothing of it.
 */
final class ActualPlanCompiler implements WalkSink<PlanStep> {

  private static final PlanStep[] NONE = new PlanStep[0];

  private final GraphQLSchema schema;
  private final CostModel model;
  private final CostRules rules;
  private final OperationWalker walker;
  private final Map<String, Integer> slots = new LinkedHashMap<>();
  private boolean variables;

  ActualPlanCompiler(
      GraphQLSchema schema,
      CostModel model,
      CachedPrices prices,
      Map<String, FragmentDefinition> fragments) {
    this.schema = schema;
    this.model = model;
    this.rules = CostRules.of(model, prices, Binder.SYMBOLIC);
    this.walker = new OperationWalker(schema, model, prices, fragments, rules, Binder.SYMBOLIC);
  }

  ActualCostPlan compile(OperationDefinition operation) {
    PlanStep[] steps = steps(walker.walk(operation, this));
    return new ActualCostPlan(
        schema,
        operation.getVariableDefinitions(),
        steps,
        rules.base(operation.getOperation()),
        variables,
        List.copyOf(slots.keySet()));
  }

  @Override
  public void enterField(FieldVisit field) {}

  @Override
  public PlanStep field(FieldVisit visit, List<PlanStep> children) {
    Field field = visit.field();
    ListSize listSize = visit.listSize();
    GraphQLType named = GraphQLTypeUtil.unwrapAll(visit.definition().getType());
    String sizedKey = visit.list() || listSize == null ? null : sizedKey(field, named, listSize);
    Expr arguments = rules.arguments(visit);
    noteVariables(arguments);
    Slot slot = listSize == null ? null : slot(visit);
    return new FieldStep(
        field.getResultKey(),
        rules.count(visit, sizedKey),
        visit.list(),
        rules.weight(visit.definition()),
        arguments,
        model.fieldCostClamp(),
        steps(children),
        sizedKey,
        slot);
  }

  /** Its fields read the enclosing object; a skipped one is absent from the answer. */
  @Override
  public PlanStep inlineFragment(Cond live, List<PlanStep> children) {
    return new FragmentStep(Cond.TRUE, steps(children));
  }

  @Override
  public boolean entersSpread(Cond priced) {
    return !Cond.FALSE.equals(priced);
  }

  @Override
  public PlanStep spread(Cond live, Cond priced, List<PlanStep> children) {
    noteVariables(priced);
    return new FragmentStep(priced, steps(children));
  }

  private static PlanStep[] steps(List<PlanStep> steps) {
    return steps.toArray(NONE);
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

  private Slot slot(FieldVisit field) {
    String coordinate = field.parent().getName() + "." + field.definition().getName();
    int index = slots.computeIfAbsent(coordinate, c -> slots.size());
    for (Source source : field.slicing()) {
      variables |= !source.isConstant();
    }
    return new Slot(index, coordinate, field.slicing(), rules.largestSlice());
  }

  private void noteVariables(Expr expr) {
    variables |= !(expr instanceof Expr.Const);
  }

  private void noteVariables(Cond cond) {
    variables |= !(Cond.TRUE.equals(cond) || Cond.FALSE.equals(cond));
  }
}
