package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Explanations read from a compiled price (book preset, cargo schema): the terms are the root
 * fields, most costly first, and add up to the estimate.
 */
final class PriceExplanationTest {

  // a: 1 + $n x (edges 1 + node (1 + trackingId 1)) = 1 + 400 x 3 = 1,201
  // cargo: 1 + trackingId 1 + origin (1 + id 1) = 4
  // b: 1 + 2 x (edges 1 + node (1 + id 1)) = 7
  // node: 1 + id 1 = 2
  // total 1,201 + 4 + 7 + 2 = 1,214
  private static final String QUERY =
      "query Q($n: Int) { a: cargos(first: $n) { edges { node { trackingId } } }"
          + " cargo(trackingId: \"X\") { trackingId origin { id } }"
          + " b: cargos(first: 2) { edges { node { id } } } node(id: \"1\") { id } }";

  private final OperationPricer pricer = Fixtures.pricer("cargo.graphqls", CostModel.book());

  private CompiledPrice compile(String query) {
    return pricer.analyse(query, 5000).select(null).price();
  }

  @Test
  void explain_rootFields_mostCostlyFirstAndAddUpToTheEstimate() {
    CompiledPrice price = compile(QUERY);

    PriceExplanation explanation = price.explain(Map.of("n", 400));

    assertThat(explanation.cost())
        .isEqualTo(1214)
        .isEqualTo(price.evaluate(Map.of("n", 400)).cost());
    assertThat(explanation.terms())
        .extracting(PriceExplanation.Term::coordinate, PriceExplanation.Term::cost)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("Query.cargos", 1201L),
            org.assertj.core.groups.Tuple.tuple("Query.cargos", 7L),
            org.assertj.core.groups.Tuple.tuple("Query.cargo", 4L),
            org.assertj.core.groups.Tuple.tuple("Query.node", 2L));
    long sum = 0;
    for (PriceExplanation.Term term : explanation.terms()) {
      sum += term.cost();
    }
    assertThat(sum).isEqualTo(explanation.cost());
    assertThat(explanation.top(3)).hasSize(3);
    assertThat(explanation.variables()).containsEntry("n", 400);
    assertThat(explanation.terms().get(0).text())
        .startsWith("Query.cargos: ")
        .contains("$n")
        .contains(" with $n=400")
        .endsWith(" = 1201");
    // a term without variables reads as its number
    assertThat(explanation.terms().get(2).text()).isEqualTo("Query.cargo: 4");
    assertThat(explanation.formula()).isEqualTo(price.costText());
  }

  @Test
  void explain_skippedField_costsNothingAndIsLeftOut() {
    CompiledPrice price =
        compile(
            "query ($x: Boolean!) { cargo(trackingId: \"X\") { id }"
                + " cargos(first: 5) @include(if: $x) { edges { node { id } } } }");

    // x false: only cargo, 1 + id 1 = 2
    PriceExplanation off = price.explain(Map.of("x", false));
    assertThat(off.terms()).extracting(PriceExplanation.Term::cost).containsExactly(2L);
    // x true: cargos 1 + 5 x 3 = 16, then cargo 2: 18
    PriceExplanation on = price.explain(Map.of("x", true));
    assertThat(on.cost()).isEqualTo(18);
    assertThat(on.terms()).extracting(PriceExplanation.Term::cost).containsExactly(16L, 2L);
  }

  @Test
  void restore_keepsTheTerms() {
    CompiledPrice price = compile(QUERY);

    CompiledPrice restored = pricer.restore(price.serialize());

    assertThat(price.serialize()).contains("\nterm Query.cargos ");
    assertThat(restored.explain(Map.of("n", 400))).isEqualTo(price.explain(Map.of("n", 400)));
  }

  @Test
  void restore_priceStoredWithoutTerms_explainsWithItsFormulaOnly() {
    String stored = "tgp1\nvars ($n: Int)\ncost (+ 1 (* (first 10 (var $n . none)) 3))\ndepth 4\n";

    PriceExplanation explanation = pricer.restore(stored).explain(Map.of("n", 2));

    // 1 + 2 x 3 = 7
    assertThat(explanation.cost()).isEqualTo(7);
    assertThat(explanation.terms()).isEqualTo(List.of());
  }
}
