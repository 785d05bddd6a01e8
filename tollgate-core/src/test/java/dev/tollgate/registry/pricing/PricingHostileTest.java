package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.pricing.expr.Sat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Hostile documents and variables get a clear refusal or a correct number, never a crash. */
@Timeout(30)
final class PricingHostileTest {

  private static final int TOKENS = 5000;

  private final OperationPricer book = Fixtures.pricer("cargo.graphqls", CostModel.book());

  @Test
  void analyse_tenThousandLevelsDeep_refusedByTheParser() {
    String query = "{ cargos(first: 1) ".repeat(1) + "{ a ".repeat(10_000) + "}".repeat(10_001);

    assertThatThrownBy(() -> book.analyse(query, Integer.MAX_VALUE))
        .isInstanceOf(InvalidDocumentException.class)
        .hasMessageContaining("deep")
        .extracting(e -> ((InvalidDocumentException) e).code())
        .isEqualTo("GRAPHQL_PARSE_FAILED");
  }

  @Test
  void analyse_tenThousandLevelsDeepUnderTokenLimit_refused() {
    String query = "{ a ".repeat(10_000) + "}".repeat(10_000);

    assertThatThrownBy(() -> book.analyse(query, TOKENS)).isInstanceOf(PricingException.class);
  }

  @Test
  void analyse_fragmentChainDeeperThanTheWalkAllows_refusedClearly() {
    // 300 fragments each 4 levels deep, chained: 1,200 levels after expansion; graphql-java's
    // validation stops at depth 100 before our walk's own guard (250) is reached
    StringBuilder query = new StringBuilder("{ cargo(trackingId: \"A\") { ...F0 } }");
    for (int i = 0; i < 300; i++) {
      query
          .append(" fragment F")
          .append(i)
          .append(" on Cargo { handlingHistory(first: 1) { edges { node { cargo { ")
          .append(i < 299 ? "...F" + (i + 1) : "id")
          .append(" } } } } }");
    }

    assertThatThrownBy(() -> book.analyse(query.toString(), Integer.MAX_VALUE))
        .isInstanceOf(InvalidDocumentException.class)
        .hasMessageContaining("depth");
  }

  @Test
  void analyse_fragmentCycle_isAValidationError() {
    String query =
        "{ cargo(trackingId: \"A\") { ...A } } "
            + "fragment A on Cargo { origin { id } ...B } fragment B on Cargo { ...A }";

    assertThatThrownBy(() -> book.analyse(query, TOKENS))
        .isInstanceOf(InvalidDocumentException.class)
        .extracting(e -> ((InvalidDocumentException) e).code())
        .isEqualTo("GRAPHQL_VALIDATION_FAILED");
  }

  @Test
  void analyse_exponentialFragmentFanOut_refusedOrPricedQuickly() {
    // F0 spreads F1 twice, F1 spreads F2 twice ... 40 levels: 2^40 expansions if walked naively;
    // graphql-java's validation counts the expanded fields and stops at 100,000
    StringBuilder query = new StringBuilder("{ cargo(trackingId: \"A\") { ...F0 } }");
    for (int i = 0; i < 40; i++) {
      query
          .append(" fragment F")
          .append(i)
          .append(" on Cargo { id ...F")
          .append(i + 1)
          .append(" origin { id } ...F")
          .append(i + 1)
          .append(" }");
    }
    query.append(" fragment F40 on Cargo { id }");

    assertThatThrownBy(() -> book.analyse(query.toString(), TOKENS))
        .isInstanceOf(InvalidDocumentException.class)
        .hasMessageContaining("exceeds maximum");
  }

  @Test
  void analyse_unknownField_isAValidationError() {
    assertThatThrownBy(() -> book.analyse("{ cargo(trackingId: \"A\") { weight } }", TOKENS))
        .isInstanceOf(InvalidDocumentException.class)
        .hasMessageContaining("weight")
        .extracting(e -> ((InvalidDocumentException) e).code())
        .isEqualTo("GRAPHQL_VALIDATION_FAILED");
  }

  @Test
  void analyse_syntaxError_isAParseError() {
    assertThatThrownBy(() -> book.analyse("{ cargo(trackingId: ) }", TOKENS))
        .isInstanceOf(InvalidDocumentException.class)
        .extracting(e -> ((InvalidDocumentException) e).code())
        .isEqualTo("GRAPHQL_PARSE_FAILED");
  }

  @Test
  void analyse_tokenFlood_refusedWithTheBooksMessage() {
    String flood = "{ " + "__typename ".repeat(6000) + "}";

    assertThatThrownBy(() -> book.analyse(flood, TOKENS))
        .isInstanceOf(TokenLimitExceededException.class)
        .hasMessage("Document contains more than 5000 tokens. Parsing aborted.");
  }

  @Test
  void evaluate_hundredThousandIds_countsThemAll() {
    CompiledPrice price =
        book.analyse("query ($ids: [ID!]!) { nodes(ids: $ids) { id } }", TOKENS)
            .select(null)
            .price();
    List<Object> ids = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      ids.add("loc_" + i);
    }

    // 1 + 100,000 x 1
    assertThat(price.evaluate(Map.of("ids", ids)).cost()).isEqualTo(100_001);
  }

  @Test
  void evaluate_pagesNearIntMax_clampedPerFieldInBook() {
    String query =
        "query ($n: Int) { cargos(first: $n) { edges { node { handlingHistory(first: $n) "
            + "{ edges { node { id } } } } } } }";
    CompiledPrice price = book.analyse(query, TOKENS).select(null).price();

    // handlingHistory 1 + (2^31 - 1) x 3 clamps at 429,496; so does cargos above it
    assertThat(price.evaluate(Map.of("n", Integer.MAX_VALUE)).cost()).isEqualTo(429_496);
  }

  @Test
  void evaluate_pagesNearIntMax_saturateInApollo() {
    OperationPricer apollo = Fixtures.pricer("bookstore.graphqls", CostModel.apollo());
    String chain = "booksConnection(first: $n) { edges { node { reviews(first: $n) { text } } } }";
    String query = "query ($n: Int) { a: " + chain + " b: " + chain + " }";
    CompiledPrice price = apollo.analyse(query, TOKENS).select(null).price();

    // with M = 2^31 - 1: reviews M x 2; node 1 + 2M; edges M x (1 + 1 + 2M) = 2M(M + 1)
    // = 2^63 - 2^32; each chain 1 + that; two chains exceed Long.MAX_VALUE: the sum saturates
    assertThat(price.evaluate(Map.of("n", Integer.MAX_VALUE)).cost()).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void evaluate_pageBeyondInt_isACoercionError() {
    CompiledPrice price =
        book.analyse("query ($n: Int) { cargos(first: $n) { pageInfo { hasNextPage } } }", TOKENS)
            .select(null)
            .price();

    assertThatThrownBy(() -> price.evaluate(Map.of("n", 5_000_000_000L)))
        .isInstanceOf(VariableCoercionException.class)
        .hasMessageContaining("'n'");
  }

  @Test
  void sat_overflowingOperations_stickAtTheBound() {
    assertThat(Sat.add(Long.MAX_VALUE, 1)).isEqualTo(Long.MAX_VALUE);
    assertThat(Sat.mul(Long.MAX_VALUE / 2, 3)).isEqualTo(Long.MAX_VALUE);
    assertThat(Sat.mul(1L << 31, 1L << 31)).isEqualTo(1L << 62);
  }
}
