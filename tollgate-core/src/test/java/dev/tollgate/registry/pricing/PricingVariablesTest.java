package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Compiled prices over variables (book preset, cargo schema), each checked against the direct walk.
 */
final class PricingVariablesTest {

  private static final int TOKENS = 5000;
  private static final String F =
      " fragment F on Cargo { handlingHistory(first: 50) { edges { node { id } } } }";

  private final OperationPricer pricer = Fixtures.pricer("cargo.graphqls", CostModel.book());

  private CompiledPrice compile(String query) {
    return pricer.analyse(query, TOKENS).select(null).price();
  }

  private Measure price(String query, Map<String, @Nullable Object> vars) {
    Measure compiled = compile(query).evaluate(vars);
    assertThat(pricer.walk(query, null, vars)).isEqualTo(compiled);
    return compiled;
  }

  private static Map<String, @Nullable Object> vars(String name, @Nullable Object value) {
    Map<String, @Nullable Object> vars = new HashMap<>();
    vars.put(name, value);
    return vars;
  }

  /* ---- page sizes ---- */

  @Test
  void evaluate_pageVariable_multipliesByIt() {
    String query =
        "query ($n: Int) { cargos(first: $n) { edges { node { handlingHistory(first: $n) "
            + "{ edges { node { id } } } } } } }";

    // s000-27 and s000-28
    assertThat(price(query, vars("n", 50)).cost()).isEqualTo(7651);
    assertThat(price(query, vars("n", 2)).cost()).isEqualTo(19);
  }

  @Test
  void evaluate_variableDefault_usedWhenAbsent() {
    String query = "query ($n: Int = 5) { cargos(first: $n) { edges { node { id } } } }";

    // absent: default 5: 1 + 5 x 3 = 16; given 2: 1 + 2 x 3 = 7
    assertThat(price(query, Map.of()).cost()).isEqualTo(16);
    assertThat(price(query, vars("n", 2)).cost()).isEqualTo(7);
  }

  @Test
  void evaluate_explicitNull_isNoValue() {
    String query = "query ($n: Int = 5) { cargos(first: $n) { edges { node { id } } } }";

    // null is no value: assumedSize 10: 1 + 10 x 3 = 31
    assertThat(price(query, vars("n", null)).cost()).isEqualTo(31);
  }

  @Test
  void evaluate_absentNullableVariable_fallsToNextSlicingArgument() {
    String query =
        "query ($f: Int, $l: Int) { cargos(first: $f, last: $l) { edges { node { id } } } }";

    // neither: assumedSize 10 -> 31; last 4 only -> 1 + 4 x 3 = 13; both: first wins, 2 -> 7
    assertThat(price(query, Map.of()).cost()).isEqualTo(31);
    assertThat(price(query, vars("l", 4)).cost()).isEqualTo(13);
    assertThat(price(query, Map.of("f", 2, "l", 4)).cost()).isEqualTo(7);
  }

  @Test
  void evaluate_negativePageVariable_countsZero() {
    String query = "query ($n: Int) { cargos(first: $n) { edges { node { id } } } }";

    // 1 + 0 x 3 = 1
    assertThat(price(query, vars("n", -1000)).cost()).isEqualTo(1);
  }

  @Test
  void evaluate_listVariable_countsItsLength() {
    String query = "query ($ids: [ID!]!) { nodes(ids: $ids) { id } }";

    // 1 + 3 x 1 = 4
    assertThat(price(query, vars("ids", java.util.List.of("a", "b", "c"))).cost()).isEqualTo(4);
  }

  @Test
  void evaluate_schemaDefaultSlicingArgument_usedWhenVariableAbsent() {
    OperationPricer bookstore = Fixtures.pricer("bookstore.graphqls", CostModel.book());
    String query = "query ($l: Int) { search(term: \"x\", limit: $l) { ... on Book { title } } }";

    // search limit defaults to 4: 1 + 4 x 1 = 5; given 2: 1 + 2 x 1 = 3
    assertThat(bookstore.analyse(query, TOKENS).select(null).price().evaluate(Map.of()).cost())
        .isEqualTo(5);
    assertThat(bookstore.walk(query, null, Map.of())).isEqualTo(new Measure(5, 2));
    assertThat(bookstore.analyse(query, TOKENS).select(null).price().evaluate(vars("l", 2)).cost())
        .isEqualTo(3);
  }

  /* ---- @include / @skip ---- */

  @Test
  void evaluate_includeVariable_decidesCostAndDepth() {
    String query =
        "query ($x: Boolean!) { cargos(first: 50) @include(if: $x) { edges { node { id } } } __typename }";

    // included: 1 + 50 x 3 = 151, depth 4; excluded: 0, depth 0 (__typename does not count)
    assertThat(price(query, vars("x", true))).isEqualTo(new Measure(151, 4));
    assertThat(price(query, vars("x", false))).isEqualTo(new Measure(0, 0));
  }

  @Test
  void evaluate_skipVariableOnFirstSpread_movesPricingToTheLiveSpread() {
    String query =
        "query ($s: Boolean!) { cargo(trackingId: \"A\") { ...F @skip(if: $s) } "
            + "cargos(first: 50) { edges { node { ...F } } } }"
            + F;

    // live first spread: s000-20's 253; skipped: s000-21's 7652
    assertThat(price(query, vars("s", false)).cost()).isEqualTo(253);
    assertThat(price(query, vars("s", true)).cost()).isEqualTo(7652);
  }

  @Test
  void evaluate_conditionOnParentOfFirstSpread_movesPricingToo() {
    String query =
        "query ($x: Boolean!) { cargo(trackingId: \"A\") @include(if: $x) { ...F } "
            + "cargos(first: 50) { edges { node { ...F } } } }"
            + F;

    // included: 253 (s000-20); excluded: cargo costs nothing and cargos prices F: 7651
    assertThat(price(query, vars("x", true)).cost()).isEqualTo(253);
    assertThat(price(query, vars("x", false)).cost()).isEqualTo(7651);
  }

  /* ---- coercion ---- */

  @Test
  void evaluate_missingRequiredVariable_namesIt() {
    CompiledPrice price = compile("query ($ids: [ID!]!) { nodes(ids: $ids) { id } }");

    assertThatThrownBy(() -> price.evaluate(Map.of()))
        .isInstanceOf(VariableCoercionException.class)
        .hasMessageContaining("ids");
  }

  @Test
  void evaluate_wrongType_namesTheVariable() {
    CompiledPrice price =
        compile("query ($n: Int) { cargos(first: $n) { edges { node { id } } } }");

    assertThatThrownBy(() -> price.evaluate(vars("n", "fifty")))
        .isInstanceOf(VariableCoercionException.class)
        .hasMessageContaining("'n'");
  }

  @Test
  void evaluate_jacksonNumberTypes_coerce() {
    CompiledPrice price =
        compile("query ($n: Int) { cargos(first: $n) { edges { node { id } } } }");

    // 1 + 2 x 3 = 7 whatever number type Jackson produced
    assertThat(price.evaluate(vars("n", 2L)).cost()).isEqualTo(7);
    assertThat(price.evaluate(vars("n", java.math.BigInteger.TWO)).cost()).isEqualTo(7);
    assertThat(price.evaluate(vars("n", 2.0)).cost()).isEqualTo(7);
  }

  @Test
  void atDefaults_requiredVariableMissing_readsItAsAbsent() {
    CompiledPrice price =
        compile("query ($n: Int!) { cargos(first: $n) { edges { node { id } } } }");

    // absent: assumedSize 10: 31, depth 4
    assertThat(price.atDefaults()).isEqualTo(new Measure(31, 4));
  }

  /* ---- serialised form ---- */

  @Test
  void serialize_variablePrice_isVersionedAndRestores() {
    String query =
        "query ($n: Int = 5, $x: Boolean!) { cargos(first: $n) @include(if: $x) { edges { node { id } } } }";
    CompiledPrice price = compile(query);

    String text = price.serialize();
    CompiledPrice restored = pricer.restore(text);

    assertThat(text).startsWith("tgp1\nvars ($n: Int = 5, $x: Boolean!)\n");
    // x true, n 3: 1 + 3 x 3 = 10, depth 4
    assertThat(restored.evaluate(Map.of("n", 3, "x", true))).isEqualTo(new Measure(10, 4));
    assertThat(restored.evaluate(Map.of("x", false))).isEqualTo(new Measure(0, 0));
  }

  @Test
  void restore_unknownVersion_refusesClearly() {
    assertThatThrownBy(() -> pricer.restore("tgp9\nvars \ncost 1\ndepth 1\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown price format")
        .hasMessageContaining("tgp9");
  }

  @Test
  void restore_garbledExpression_refusesClearly() {
    assertThatThrownBy(() -> pricer.restore("tgp1\nvars \ncost (+ 1\ndepth 1\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("price");
  }

  @Test
  void evaluate_extraVariables_areIgnored() {
    CompiledPrice price = compile("{ cargos(first: 2) { edges { node { id } } } }");

    // 1 + 2 x 3 = 7
    assertThat(price.evaluate(Collections.singletonMap("unused", 1)).cost()).isEqualTo(7);
  }
}
