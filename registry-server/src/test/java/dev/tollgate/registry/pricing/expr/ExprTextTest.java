package dev.tollgate.registry.pricing.expr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The impact report's readable price expressions. */
final class ExprTextTest {

  private static final Expr FIRST_OR_TEN =
      Expr.size(false, List.of(Source.variable("first", "", Source.ABSENT)), Expr.constant(10));

  @Test
  void of_sumOfProductWithConditional_constantFirstAndSumsInParentheses() {
    Expr children = Expr.sum(Expr.constant(1), Expr.when(Cond.var("withEta"), Expr.constant(3)));
    Expr cost = Expr.sum(Expr.constant(2), Expr.product(FIRST_OR_TEN, children));

    assertThat(ExprText.of(cost)).isEqualTo("2 + ($first ?? 10) × (1 + if($withEta, 3))");
  }

  @Test
  void of_clampOfLargestSizes_readsAsFunctions() {
    Expr largest =
        Expr.size(
            true,
            List.of(
                Source.variable("first", "", Source.ABSENT),
                Source.variable("input", "page.last", 5)),
            Expr.constant(10));
    Expr cost = Expr.clamp(100, Expr.max(List.of(largest, Expr.constant(4))));

    assertThat(ExprText.of(cost))
        .isEqualTo("min(100, max(4, largest($first, $input.page.last ?? 5 ?? 10)))");
  }

  @Test
  void of_negatedConjunction_readsAsBooleanOperators() {
    Cond both = Cond.and(Cond.var("a"), Cond.not(Cond.var("b")));

    assertThat(ExprText.of(Expr.when(both, Expr.constant(7)))).isEqualTo("if(($a && !$b), 7)");
    assertThat(ExprText.of(Expr.constant(7))).isEqualTo("7");
  }
}
