package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.expr.Cond;
import java.util.List;

/**
 * What {@link OperationWalker} emits, bottom up: each selection given the results of its own
 * selections, in document order. {@link PriceCompiler} and {@link ActualPlanCompiler} are the two.
 *
 * @param <S> the result of one selection
 */
interface WalkSink<S> {

  /** Before the field's selections are walked: the sink may refuse the field here. */
  void enterField(FieldVisit field);

  S field(FieldVisit field, List<S> children);

  S inlineFragment(Cond live, List<S> children);

  /** Whether the walk enters a spread's fragment when the spread prices it {@code priced}. */
  boolean entersSpread(Cond priced);

  /**
   * @param priced whether the spread prices its fragment (under {@code first}, only the first live
   *     spread does)
   * @param children empty when the walk did not enter the fragment
   */
  S spread(Cond live, Cond priced, List<S> children);
}
