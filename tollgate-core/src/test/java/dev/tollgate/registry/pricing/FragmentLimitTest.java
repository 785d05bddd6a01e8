package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.document.FragmentShape;
import org.junit.jupiter.api.Test;

/**
 * The fragment bounds (issue 10, item 4), checked on the text's selection structure before
 * graphql-java's validator, whose cost grows about quadratically with a chain of fragments.
 */
final class FragmentLimitTest {

  /** The book's tokens and aliases, 100 fragments, spreads as deep as the depth limit (15). */
  private static final DocumentLimits OPEN = new DocumentLimits(5_000, 20, 100, 15, 5_000);

  private final OperationPricer book = Fixtures.pricer("cargo.graphqls", CostModel.book());

  /**
   * The attack: {@code fragment a{i} on Cargo {...a{i+1}}} × 620; 8 tokens a fragment,
   * 4,960 in all plus the operation's, under the token limit.
   */
  static String chain(int fragments) {
    StringBuilder text = new StringBuilder("query {cargos(first:1){edges{node{...a0}}}}\n");
    for (int i = 0; i < fragments; i++) {
      text.append("fragment a").append(i).append(" on Cargo{...a").append(i + 1).append("}\n");
    }
    return text.toString();
  }

  /** A chain of {@code fragments} that ends in a field, so that it validates. */
  static String validChain(int fragments) {
    StringBuilder text = new StringBuilder("query {cargos(first:1){edges{node{...a0}}}}\n");
    for (int i = 0; i < fragments - 1; i++) {
      text.append("fragment a").append(i).append(" on Cargo{...a").append(i + 1).append("}\n");
    }
    text.append("fragment a").append(fragments - 1).append(" on Cargo{id}\n");
    return text.toString();
  }

  /**
   * {@code levels} fragments, each spreading the next twice: 2^(levels-1) spreads of the last one,
   * which holds one field.
   */
  static String fanOut(int levels) {
    StringBuilder text = new StringBuilder("query {cargos(first:1){edges{node{...f0}}}}\n");
    for (int i = 0; i < levels - 1; i++) {
      text.append("fragment f").append(i).append(" on Cargo{...f").append(i + 1);
      text.append(" ...f").append(i + 1).append("}\n");
    }
    text.append("fragment f").append(levels - 1).append(" on Cargo{id}\n");
    return text.toString();
  }

  @Test
  void analyse_chainOf620_refusedByTheFragmentCount() {
    assertThatThrownBy(() -> book.analyse(chain(620), OPEN))
        .isInstanceOfSatisfying(
            FragmentLimitExceededException.class,
            e -> {
              assertThat(e).hasMessage("620 fragments found. Allowed: 100");
              assertThat(e.code()).isEqualTo("MAX_FRAGMENTS_EXCEEDED");
              assertThat(e.shape().fragments()).isEqualTo(620);
              // 620 nested spreads, and the last one's fragment a620 is unknown: 621
              assertThat(e.shape().spreadDepth()).isEqualTo(621);
            });
  }

  @Test
  void analyse_chainOf16_refusedByTheDepthLimit() {
    assertThatThrownBy(() -> book.analyse(validChain(16), OPEN))
        .isInstanceOf(FragmentLimitExceededException.class)
        .hasMessage("maximum fragment spread depth exceeded 16 > 15")
        .extracting(e -> ((FragmentLimitExceededException) e).code())
        .isEqualTo("MAX_DEPTH_EXCEEDED");
  }

  @Test
  void analyse_chainOf15_analysed() {
    assertThat(book.analyse(validChain(15), OPEN).operations()).hasSize(1);
  }

  @Test
  void analyse_fanOut_refusedByTheExpandedSize() {
    // 14 levels: the last fragment is spread 2^13 = 8,192 times; cargos, edges, node are 3 more
    assertThatThrownBy(() -> book.analyse(fanOut(14), OPEN))
        .isInstanceOf(FragmentLimitExceededException.class)
        .hasMessage("the document expands to 8195 fields through its fragments. Allowed: 5000");
  }

  @Test
  void analyse_textTheLexicalPassDoesNotRead_refusedOnTheParsedDocument() {
    // a type definition: the lexical pass leaves the text to the parser, validation would refuse it
    String text = "scalar Extra\n" + chain(620);

    assertThatThrownBy(() -> book.analyse(text, OPEN))
        .isInstanceOf(FragmentLimitExceededException.class)
        .hasMessage("620 fragments found. Allowed: 100");
  }

  @Test
  void analyse_tokenLimitOnly_doesNotBoundFragments() {
    // registration reads documents with a token limit only
    assertThat(book.analyse(validChain(16), 5_000).operations()).hasSize(1);
  }

  @Test
  void shape_cycleStopsTheChain_unknownFragmentCountsOne() {
    String text =
        "{ cargos { edges { node { ...A ...U } } } } "
            + "fragment A on Cargo { ...B } fragment B on Cargo { ...A id }";
    var parsed = DocumentReader.parse(text, 5_000).document();

    FragmentShape shape =
        FragmentShape.of(
            parsed.getDefinitionsOfType(graphql.language.OperationDefinition.class),
            parsed.getDefinitionsOfType(graphql.language.FragmentDefinition.class));

    // A -> B -> A (a cycle: counts 1 more); cargos, edges, node and B's id are the fields
    assertThat(shape).isEqualTo(new FragmentShape(2, 3, 4));
  }
}
