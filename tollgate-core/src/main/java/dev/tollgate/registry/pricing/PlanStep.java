package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.expr.Cond;
import dev.tollgate.registry.pricing.expr.Expr;
import dev.tollgate.registry.pricing.expr.Source;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One selection of an {@link ActualCostPlan}, compiled from the operation once: a field read from
 * the response by its response key, or a fragment whose fields are read from the same object.
 */
sealed interface PlanStep permits PlanStep.FieldStep, PlanStep.FragmentStep {

  /** How a field's returned value multiplies its children. */
  enum Count {
    /** Not a list, or (book) a list without {@code @listSize}: one instance, the dearest item. */
    ONE,
    /** Book, a priced list: its weight once, and each item its children. */
    ITEMS,
    /** Apollo, every list: each item its weight and its children, and the arguments once. */
    EACH_ITEM,
    /**
     * Book: a connection priced by a slicing argument; its children are multiplied by the length of
     * its sized list ({@code sizedStep}).
     */
    CONNECTION
  }

  /**
   * A field of the operation.
   *
   * @param key the response key (alias, else name)
   * @param weight book: the {@code @cost} weight (else 1); apollo: the type cost
   * @param arguments apollo: the cost of the given arguments; {@link Expr#ZERO} in book
   * @param sizedKey the response key of the list whose length is the size of this field (a
   *     connection's {@code edges}); {@code null} when the field is a list itself, or has none
   * @param slot the calibration slot when the field has {@code @listSize}, else {@code null}
   */
  record FieldStep(
      String key,
      Count count,
      boolean list,
      long weight,
      Expr arguments,
      long clamp,
      PlanStep[] children,
      @Nullable String sizedKey,
      @Nullable Slot slot)
      implements PlanStep {}

  /**
   * An inline fragment or a fragment spread: its selections read the enclosing object.
   *
   * @param priced whether its fields' costs count (a spread under {@code fragmentSpreads: first}
   *     counts only where the fragment is first spread)
   */
  record FragmentStep(Cond priced, PlanStep[] children) implements PlanStep {}

  /**
   * Where a priced list's observed size goes: its schema coordinate, and the slicing arguments it
   * was given (book: the first present; apollo: the largest).
   */
  record Slot(int index, String coordinate, List<Source> slicing, boolean largest) {
    public Slot {
      slicing = List.copyOf(slicing);
    }

    /** The size the request asked for, or {@link Source#ABSENT}. */
    long requested(java.util.Map<String, ?> vars) {
      return Source.requested(slicing, largest, vars);
    }
  }
}
