package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.PlanStep.FieldStep;
import dev.tollgate.registry.pricing.PlanStep.FragmentStep;
import dev.tollgate.registry.pricing.PlanStep.Slot;
import dev.tollgate.registry.pricing.expr.Source;
import graphql.language.VariableDefinition;
import graphql.schema.GraphQLSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An operation's actual-cost plan, compiled once per operation ({@link
 * OperationPricer#actualPlan}): measures an answer's {@code data} with the same model as the
 * estimate, a priced list counting the items it returned instead of its slicing argument or assumed
 * size (a null or missing list counts 0), a book connection the length of its one list field. Pure
 * and immutable; measuring walks the answer once and parses nothing.
 *
 * <p>A field absent from the answer (skipped, or under a null parent) costs nothing; a null field
 * costs its own weight and nothing below it. Variables are coerced only when the plan needs them (a
 * slicing argument, a {@code @skip}/{@code @include} on a fragment, an apollo argument cost).
 */
public final class ActualCostPlan {

  private final VariableCoercer coercer;
  private final PlanStep[] root;
  private final long base;
  private final boolean needsVariables;
  private final List<String> coordinates;

  ActualCostPlan(
      GraphQLSchema schema,
      List<VariableDefinition> definitions,
      PlanStep[] root,
      long base,
      boolean needsVariables,
      List<String> coordinates) {
    this.coercer = new VariableCoercer(schema, definitions);
    this.root = root;
    this.base = base;
    this.needsVariables = needsVariables && !definitions.isEmpty();
    this.coordinates = List.copyOf(coordinates);
  }

  /** The schema coordinates of the priced lists this operation selects, in walk order. */
  public List<String> coordinates() {
    return coordinates;
  }

  /**
   * The actual cost of an answer's {@code data} to a request with {@code rawVariables}, and the
   * sizes its priced lists returned.
   */
  public ActualCost measure(@Nullable Object data, Map<String, @Nullable Object> rawVariables) {
    Walk walk = new Walk(variables(rawVariables));
    long cost = base;
    if (data instanceof Map<?, ?> object) {
      cost += walk.cost(root, object);
    }
    return new ActualCost(cost, walk.observations == null ? List.of() : walk.observations);
  }

  private Map<String, ?> variables(Map<String, @Nullable Object> raw) {
    if (!needsVariables) {
      return Map.of();
    }
    try {
      return coercer.coerce(raw);
    } catch (VariableCoercionException e) {
      return Map.of(); // admission coerced them already; never expected
    }
  }

  /** One measurement: the variables and the observations so far. */
  private static final class Walk {
    private final Map<String, ?> vars;
    private @Nullable List<ListObservation> observations;

    Walk(Map<String, ?> vars) {
      this.vars = vars;
    }

    long cost(PlanStep[] steps, Map<?, ?> object) {
      long sum = 0;
      for (PlanStep step : steps) {
        if (step instanceof FieldStep field) {
          sum += field(field, object);
        } else if (step instanceof FragmentStep fragment && fragment.priced().test(vars)) {
          sum += cost(fragment.children(), object);
        }
      }
      return sum;
    }

    private long field(FieldStep step, Map<?, ?> object) {
      if (!object.containsKey(step.key())) {
        return 0;
      }
      Object value = object.get(step.key());
      return switch (step.count()) {
        case ITEMS -> items(step, value);
        case EACH_ITEM -> typedItems(step, value);
        case CONNECTION -> connection(step, value);
        case ONE -> step.list() ? dearest(step, value) : single(step, value);
      };
    }

    /** Book: {@code w + Σ children(item)}. */
    private long items(FieldStep step, @Nullable Object value) {
      long[] counted = new long[2]; // items, their children's cost
      eachItem(step, value, counted, false);
      observe(step.slot(), counted[0]);
      return clamp(step, step.weight() + counted[1]);
    }

    /** Apollo: {@code Σ (type + children(item)) + args}. */
    private long typedItems(FieldStep step, @Nullable Object value) {
      long[] counted = new long[2]; // items, their children's cost
      eachItem(step, value, counted, false);
      observe(step.slot(), counted[0]);
      return clamp(step, counted[0] * step.weight() + counted[1] + step.arguments().eval(vars));
    }

    /** Book, a list without {@code @listSize} (m = 1): its weight and its dearest item. */
    private long dearest(FieldStep step, @Nullable Object value) {
      long[] counted = new long[2];
      eachItem(step, value, counted, true);
      return clamp(step, step.weight() + counted[1]);
    }

    private long single(FieldStep step, @Nullable Object value) {
      long children = value instanceof Map<?, ?> child ? cost(step.children(), child) : 0;
      if (step.slot() != null && step.sizedKey() != null) {
        observe(step.slot(), value instanceof Map<?, ?> child ? length(child, step) : 0);
      }
      return clamp(step, step.weight() + children + step.arguments().eval(vars));
    }

    /**
     * Book, a connection: {@code w + m × (the other children) + Σ over its m items of the sized
     * list's cost of that item}, m the length of the sized list.
     */
    private long connection(FieldStep step, @Nullable Object value) {
      if (!(value instanceof Map<?, ?> connection)) {
        observe(step.slot(), 0);
        return clamp(step, step.weight());
      }
      long size = length(connection, step);
      long others = 0;
      long sized = 0;
      for (PlanStep child : step.children()) {
        if (child instanceof FieldStep field && field.key().equals(step.sizedKey())) {
          long[] counted = new long[2];
          eachItem(field, connection.get(field.key()), counted, false);
          sized += counted[0] * field.weight() + counted[1];
        } else {
          others += cost(new PlanStep[] {child}, connection);
        }
      }
      observe(step.slot(), size);
      return clamp(step, step.weight() + size * others + sized);
    }

    private static long length(Map<?, ?> connection, FieldStep step) {
      return connection.get(step.sizedKey()) instanceof List<?> list ? list.size() : 0;
    }

    /**
     * Counts the items of a (possibly nested) list into {@code counted[0]} and their children's
     * cost into {@code counted[1]}: the sum, or the largest when {@code dearest}.
     */
    private void eachItem(FieldStep step, @Nullable Object value, long[] counted, boolean dearest) {
      if (!(value instanceof List<?> list)) {
        return;
      }
      for (Object item : list) {
        if (item instanceof List<?>) {
          eachItem(step, item, counted, dearest);
          continue;
        }
        counted[0]++;
        long children = item instanceof Map<?, ?> child ? cost(step.children(), child) : 0;
        counted[1] = dearest ? Math.max(counted[1], children) : counted[1] + children;
      }
    }

    private void observe(@Nullable Slot slot, long size) {
      if (slot == null) {
        return;
      }
      if (observations == null) {
        observations = new ArrayList<>(4);
      }
      long requested = slot.requested(vars);
      observations.add(
          new ListObservation(
              slot.coordinate(), size, requested == Source.ABSENT ? null : requested));
    }

    private static long clamp(FieldStep step, long cost) {
      return Math.min(step.clamp(), cost);
    }
  }
}
