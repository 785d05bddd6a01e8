package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.document.OperationAliases;
import org.junit.jupiter.api.Test;

/** The alias limit, checked on the parsed text before graphql-java's validation. */
final class AliasLimitTest {

  private static final DocumentLimits BOOK = new DocumentLimits(5_000, 20);

  private final OperationPricer book = Fixtures.pricer("cargo.graphqls", CostModel.book());

  @Test
  void analyse_150AliasesOverTwenty_refusedWithTheBooksMessage() {
    String text = Fixtures.read(Fixtures.root().resolve("cases/s000-12-alias-150/query.graphql"));

    assertThatThrownBy(() -> book.analyse(text, BOOK))
        .isInstanceOfSatisfying(
            AliasLimitExceededException.class,
            e -> {
              assertThat(e).hasMessage("150 aliases found. Allowed: 20");
              assertThat(e.code()).isEqualTo("MAX_ALIASES_EXCEEDED");
              assertThat(e.operations()).extracting(OperationAliases::aliases).containsExactly(150);
              assertThat(e.tokens()).isEqualTo(book.analyse(text, 5_000).tokens());
            });
  }

  @Test
  void analyse_tokenLimitOnly_countsButDoesNotRefuseAliases() {
    String text = Fixtures.read(Fixtures.root().resolve("cases/s000-12-alias-150/query.graphql"));

    assertThat(book.analyse(text, 5_000).select(null).aliases()).isEqualTo(150);
  }

  @Test
  void analyse_overTheLimitAndInvalid_refusedBeforeValidation() {
    String text = "{ " + aliased("weight", 21) + " }";

    assertThatThrownBy(() -> book.analyse(text, BOOK))
        .isInstanceOf(AliasLimitExceededException.class)
        .hasMessage("21 aliases found. Allowed: 20");
  }

  @Test
  void analyse_atTheLimit_analysed() {
    String text = "{ " + aliased("__typename", 20) + " }";

    assertThat(book.analyse(text, BOOK).select(null).aliases()).isEqualTo(20);
  }

  @Test
  void analyse_spreadCountedWhereverItAppears_inlineDescended_skipExemptsNothing() {
    String text =
        "{ cargo(trackingId: \"A\") { ...F ...F @skip(if: true) ... on Cargo { c: id } } } "
            + "fragment F on Cargo { a: id b: id }";

    assertThat(book.analyse(text, BOOK).select(null).aliases()).isEqualTo(5);
    assertThatThrownBy(() -> book.analyse(text, new DocumentLimits(5_000, 4)))
        .hasMessage("5 aliases found. Allowed: 4");
  }

  @Test
  void analyse_fragmentCycle_terminatesAndCountsTheLoopOnce() {
    String text =
        "{ cargo(trackingId: \"A\") { ...A } } "
            + "fragment A on Cargo { a: id ...B } fragment B on Cargo { b: id ...A }";

    assertThatThrownBy(() -> book.analyse(text, new DocumentLimits(5_000, 1)))
        .hasMessage("2 aliases found. Allowed: 1");
    assertThatThrownBy(() -> book.analyse(text, BOOK))
        .isInstanceOfSatisfying(
            InvalidDocumentException.class,
            e -> assertThat(e.code()).isEqualTo("GRAPHQL_VALIDATION_FAILED"));
  }

  @Test
  void analyse_exponentialFragmentFanOut_countedOncePerFragment() {
    // F0 spreads F1 twice ... 60 levels: 2^60 aliases once expanded, counted without expanding
    StringBuilder text = new StringBuilder("{ cargo(trackingId: \"A\") { ...F0 } }");
    for (int i = 0; i < 60; i++) {
      text.append(" fragment F")
          .append(i)
          .append(" on Cargo { ...F")
          .append(i + 1)
          .append(" ...F")
          .append(i + 1)
          .append(" }");
    }
    text.append(" fragment F60 on Cargo { a: id }");

    assertThatThrownBy(() -> book.analyse(text.toString(), BOOK))
        .hasMessage(Integer.MAX_VALUE + " aliases found. Allowed: 20");
  }

  @Test
  void analyse_oneOperationWithinTheLimit_notRefusedBeforeValidation() {
    String text = "query Many { " + aliased("__typename", 30) + " } query Few { a: __typename }";

    AnalysedDocument analysed = book.analyse(text, BOOK);

    assertThat(analysed.select("Many").aliases()).isEqualTo(30);
    assertThat(analysed.select("Few").aliases()).isEqualTo(1);
  }

  @Test
  void analyse_everyOperationOver_refusedWithTheSelectedCount() {
    String text =
        "query A { "
            + aliased("__typename", 30)
            + " } query B { "
            + aliased("__typename", 40)
            + " }";

    assertThatThrownBy(() -> book.analyse(text, BOOK))
        .isInstanceOfSatisfying(
            AliasLimitExceededException.class,
            e -> {
              assertThat(AliasLimitExceededException.aliasesOf(e.operations(), "B")).isEqualTo(40);
              assertThat(AliasLimitExceededException.aliasesOf(e.operations(), null)).isEqualTo(30);
            });
  }

  @Test
  void limits_negative_rejected() {
    assertThatThrownBy(() -> new DocumentLimits(5_000, -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("max aliases must not be negative: -1");
  }

  private static String aliased(String field, int count) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      text.append("a").append(i).append(": ").append(field).append(' ');
    }
    return text.toString();
  }
}
