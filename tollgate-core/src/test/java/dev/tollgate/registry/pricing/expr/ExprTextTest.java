package dev.tollgate.registry.pricing.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Stored price expressions read as arithmetic, with sums and products in their precedence. */
final class ExprTextTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "23 | 23",
        // the demo's CargoList: 18 per cargo times the page, plus the connection, clamped
        "(min 429496 (+ (* (first 10 (var $first . none)) 18) 1)) | min(429496, ($first ?? 10) × 18 + 1)",
        "(+ 2 (* (first 10 (var $first . none)) (+ 1 3))) | 2 + ($first ?? 10) × (1 + 3)",
        "(* (* 2 3) (+ 4 5)) | 2 × 3 × (4 + 5)",
        "(+ (+ 1 2) 3) | 1 + 2 + 3",
        "(max 1 (+ 2 3)) | max(1, 2 + 3)",
        "(if $withHistory 12) | ($withHistory ? 12 : 0)",
        "(if (and $a (not $b)) 5) | (($a and not $b) ? 5 : 0)",
        "(if (or $a $b) 5) | (($a or $b) ? 5 : 0)",
        "(first 10 (var $input pagination.first 5)) | $input.pagination.first ?? 5 ?? 10",
        "(first 10 (var $first . none) (var $last . none)) | $first ?? $last ?? 10",
        "(first 10 none (var $last . none)) | $last ?? 10",
        "(largest 10 (var $first . none) (var $last . none)) | largest($first, $last) ?? 10",
        "(+ 1 (argcost $ids Query.nodes.ids)) | 1 + cost($ids)",
      })
  void render_printedForm_readsAsArithmetic(String printed, String expected) {
    assertThat(ExprText.render(printed)).isEqualTo(expected);
  }

  @Test
  void render_expressionFromTheFactories_sameAsItsPrintedForm() {
    // the sum folds its constant last: (+ (* (first 10 (var $first . none)) 4) 2)
    Expr price =
        Expr.sum(
            Expr.constant(2),
            Expr.product(
                Expr.size(
                    false, List.of(Source.variable("first", "", Source.ABSENT)), Expr.constant(10)),
                Expr.constant(4)));

    assertThat(ExprText.render(price)).isEqualTo("($first ?? 10) × 4 + 2");
  }

  @Test
  void of_impactReportExpression_sameAsRender() {
    Expr children = Expr.sum(Expr.constant(1), Expr.when(Cond.var("withEta"), Expr.constant(3)));
    Expr cost =
        Expr.sum(
            Expr.constant(2),
            Expr.product(
                Expr.size(
                    false, List.of(Source.variable("first", "", Source.ABSENT)), Expr.constant(10)),
                children));

    assertThat(ExprText.of(cost)).isEqualTo(ExprText.render(cost));
    assertThat(ExprText.of(Expr.constant(7))).isEqualTo("7");
  }

  @Test
  void render_unknownOperator_namesIt() {
    assertThatThrownBy(() -> ExprText.render("(pow 2 3)"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown operator pow");
  }

  @Test
  void render_cutShort_saysWhere() {
    assertThatThrownBy(() -> ExprText.render("(+ 1 2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unexpected end");
    assertThatThrownBy(() -> ExprText.render("1 2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("trailing input");
  }
}
