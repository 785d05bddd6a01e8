package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.pricing.expr.Expr;
import graphql.language.Document;
import graphql.language.FragmentDefinition;
import graphql.language.OperationDefinition;
import graphql.parser.Parser;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The walk's own guards, reached here without validation (graphql-java's validation limits, depth
 * 100 and 100,000 fields, normally refuse such documents first), and its constant folding.
 */
final class PriceCompilerTest {

  private static PriceCompiler.Result compile(String text) {
    Document document = new Parser().parseDocument(text);
    Map<String, FragmentDefinition> fragments = new HashMap<>();
    document
        .getDefinitionsOfType(FragmentDefinition.class)
        .forEach(f -> fragments.put(f.getName(), f));
    OperationDefinition operation = document.getDefinitionsOfType(OperationDefinition.class).get(0);
    return new PriceCompiler(
            Fixtures.schema("cargo.graphqls"),
            CostModel.book(),
            new CachedPrices(),
            fragments,
            Binder.SYMBOLIC)
        .compile(operation);
  }

  @Test
  void compile_fragmentChainBeyondNestingGuard_refusedNotOverflowed() {
    // 300 chained fragments of 4 field levels each: 1,200 levels, over the guard of 250
    StringBuilder text = new StringBuilder("{ cargo(trackingId: \"A\") { ...F0 } }");
    for (int i = 0; i < 300; i++) {
      text.append(" fragment F")
          .append(i)
          .append(" on Cargo { handlingHistory(first: 1) { edges { node { cargo { ")
          .append(i < 299 ? "...F" + (i + 1) : "id")
          .append(" } } } } }");
    }

    assertThatThrownBy(() -> compile(text.toString()))
        .isInstanceOf(InvalidDocumentException.class)
        .hasMessageContaining("too deep to price");
  }

  @Test
  void compile_exponentialFanOutBeyondSelectionGuard_refused() {
    // each fragment spreads the next twice: 2^30 selections after expansion, over 100,000
    StringBuilder text = new StringBuilder("{ cargo(trackingId: \"A\") { ...F0 } }");
    for (int i = 0; i < 30; i++) {
      text.append(" fragment F")
          .append(i)
          .append(" on Cargo { id ...F")
          .append(i + 1)
          .append(" ...F")
          .append(i + 1)
          .append(" }");
    }
    text.append(" fragment F30 on Cargo { id }");

    assertThatThrownBy(() -> compile(text.toString()))
        .isInstanceOf(InvalidDocumentException.class)
        .hasMessageContaining("too large to price");
  }

  @Test
  void compile_noVariables_foldsToConstants() {
    PriceCompiler.Result result = compile("{ cargos(first: 2) { edges { node { id } } } }");

    // 1 + 2 x 3 = 7; depth 4
    assertThat(result.cost()).isEqualTo(Expr.constant(7));
    assertThat(result.depth()).isEqualTo(Expr.constant(4));
  }

  @Test
  void compile_pageVariable_keepsOneSizeNode() {
    PriceCompiler.Result result =
        compile("query ($n: Int) { cargos(first: $n) { edges { node { id } } } }");

    StringBuilder printed = new StringBuilder();
    result.cost().print(printed);
    assertThat(printed).hasToString("(min 429496 (+ (* (first 10 (var $n . none)) 3) 1))");
  }
}
