package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import graphql.parser.Parser;
import org.junit.jupiter.api.Test;

/** The root-field fact, counted on a parsed document before validation. */
final class RootFieldsTest {

  @Test
  void of_fieldsAndFragmentsAtTheRoot_theirFieldsCounted() {
    assertThat(count("{ a b ...F ... on Query { c d } } fragment F on Query { e { f g h } }"))
        .isEqualTo(5);
  }

  @Test
  void of_severalOperations_theWidest() {
    assertThat(count("query A { a } query B { a b c } query C { a b }")).isEqualTo(3);
  }

  @Test
  void of_unknownFragmentAndCycle_countNothingMore() {
    assertThat(count("{ a ...Missing ...Loop } fragment Loop on Query { b ...Loop }")).isEqualTo(2);
  }

  @Test
  void of_fragmentSpreadManyTimes_countedOnceEachAndSaturating() {
    StringBuilder text = new StringBuilder("{ ...F0 }");
    for (int i = 0; i < 40; i++) {
      text.append(" fragment F").append(i).append(" on Query { ...F").append(i + 1);
      text.append(" ...F").append(i + 1).append(" }");
    }
    text.append(" fragment F40 on Query { a }");

    // 2^40 root fields through the fan-out, capped, and counted in one pass per fragment
    assertThat(count(text.toString())).isEqualTo(Integer.MAX_VALUE);
  }

  private static int count(String text) {
    return RootFields.of(new Parser().parseDocument(text));
  }
}
