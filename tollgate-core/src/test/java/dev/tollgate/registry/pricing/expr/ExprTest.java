package dev.tollgate.registry.pricing.expr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.pricing.Fixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Expressions and conditions are values: equal, with equal hash codes, when their contents are. */
final class ExprTest {

  private static final Expr N =
      Expr.size(false, List.of(Source.variable("n", "", Source.ABSENT)), Expr.constant(10));

  /* ---- equals ---- */

  @Test
  void equals_sumsOfEqualTerms_equal() {
    Expr a = Expr.sum(N, Expr.constant(3));
    Expr b =
        Expr.sum(
            Expr.size(false, List.of(Source.variable("n", "", Source.ABSENT)), Expr.constant(10)),
            Expr.constant(3));

    assertThat(a).isInstanceOf(Terms.class).isNotSameAs(b).isEqualTo(b).hasSameHashCodeAs(b);
  }

  @Test
  void equals_sumAndMaxOfSameTerms_differ() {
    assertThat(Expr.sum(N, Expr.constant(3))).isNotEqualTo(Expr.max(List.of(N, Expr.constant(3))));
  }

  @Test
  void equals_sumsOfDifferentTerms_differ() {
    assertThat(Expr.sum(N, Expr.constant(3))).isNotEqualTo(Expr.sum(N, Expr.constant(4)));
  }

  @Test
  void equals_sizesOfEqualSources_equal() {
    Expr a = Expr.size(true, List.of(Source.variable("n", "page.first", 5)), Expr.constant(10));
    Expr b = Expr.size(true, List.of(Source.variable("n", "page.first", 5)), Expr.constant(10));

    assertThat(a).isInstanceOf(Size.class).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a)
        .isNotEqualTo(
            Expr.size(true, List.of(Source.variable("n", "page.last", 5)), Expr.constant(10)));
    assertThat(a)
        .isNotEqualTo(
            Expr.size(false, List.of(Source.variable("n", "page.first", 5)), Expr.constant(10)));
  }

  @Test
  void equals_conjunctionsOfEqualConditions_equal() {
    Cond a = Cond.and(Cond.var("a"), Cond.not(Cond.var("b")));
    Cond b = Cond.and(Cond.var("a"), Cond.not(Cond.var("b")));

    assertThat(a).isInstanceOf(Cond.All.class).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a).isNotEqualTo(Cond.or(List.of(Cond.var("a"), Cond.not(Cond.var("b")))));
  }

  @Test
  void equals_readBackFromPrintedForm_equal() {
    Expr compiled =
        Expr.clamp(
            100,
            Expr.sum(
                List.of(
                    Expr.ONE,
                    Expr.product(N, Expr.constant(3)),
                    Expr.when(
                        Cond.or(List.of(Cond.var("a"), Cond.var("b"))),
                        Expr.max(List.of(N, Expr.constant(7)))))));
    StringBuilder printed = new StringBuilder();
    compiled.print(printed);

    assertThat(
            ExprReader.read(
                Fixtures.parseSchema("type Query { a: Int }"), d -> null, printed.toString()))
        .isEqualTo(compiled);
  }

  /* ---- toString ---- */

  @Test
  void toString_arrayNodes_printedForm() {
    assertThat(Expr.sum(N, Expr.constant(3))).hasToString("(+ (first 10 (var $n . none)) 3)");
    assertThat(Cond.or(List.of(Cond.var("a"), Cond.var("b")))).hasToString("(or $a $b)");
  }

  /* ---- eval ---- */

  @Test
  void eval_sumAndMax_foldFromZero() {
    Map<String, Object> vars = Map.of("n", 4);

    assertThat(Expr.sum(N, Expr.constant(3)).eval(vars)).isEqualTo(7);
    assertThat(Expr.max(List.of(N, Expr.constant(3))).eval(vars)).isEqualTo(4);
    assertThat(Expr.sum(N, Expr.constant(Long.MAX_VALUE)).eval(vars)).isEqualTo(Long.MAX_VALUE);
  }
}
