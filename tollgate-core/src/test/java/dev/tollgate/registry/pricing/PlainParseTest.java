package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.document.ScannedText;
import graphql.parser.ParserOptions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Repricing's parse ({@link OperationPricer#reprice}, through {@link PlainParse}) answers exactly
 * what {@link OperationPricer#analyse(String, int)} answers: the same prices for generated
 * operations, and the same exception and message for every text out of the ordinary.
 */
final class PlainParseTest {

  private static final int MAX_TOKENS = 200;

  @Test
  void reprice_generatedOperations_samePricesAsAnalyse() {
    for (String schema : List.of("cargo.graphqls", "bookstore.graphqls")) {
      OperationPricer pricer = Fixtures.pricer(schema, CostModel.book());
      for (int seed = 0; seed < 150; seed++) {
        String query = new OperationGenerator(pricer.schema(), seed, false).generate();

        assertThat(outcome(() -> pricer.reprice(query, 100_000)))
            .as(query)
            .isEqualTo(outcome(() -> pricer.analyse(query, 100_000)));
      }
    }
  }

  @Test
  void reprice_textsOutOfTheOrdinary_sameOutcomeAsAnalyse() {
    OperationPricer pricer = Fixtures.pricer("cargo.graphqls", CostModel.book());
    List<String> texts =
        List.of(
            "query A { cargo(trackingId: \"T\") { trackingId } }",
            "# a comment\nquery A { cargo(trackingId: \"\"\"block\n\"\"\") { trackingId } }",
            "query A($id: String! = \"\\u00e9\") { cargo(trackingId: $id) { trackingId } }",
            "query A { cargo(trackingId: \"T\") { ...F } } fragment F on Cargo { trackingId }",
            "query A { cargo(trackingId: \"T\") { trackingId } } }",
            "query A { cargo(trackingId: \"T\") { trackingId }",
            "query A { cargo(trackingId: \"T\" { trackingId } }",
            "query A { cargo(trackingId: \"T\") { nope } }",
            "query A { cargo(trackingId: \"T\") { trackingId } } query A { cargo { trackingId } }",
            "query A { cargo(trackingId: \"T\") { trackingId \u0007 } }",
            "query A { cargo(trackingId: \"T\") { " + "trackingId ".repeat(MAX_TOKENS) + "} }",
            "query A { " + "cargo(trackingId: \"T\") { ".repeat(120) + "}".repeat(121),
            "");

    for (String text : texts) {
      assertThat(outcome(() -> pricer.reprice(text, MAX_TOKENS)))
          .as(text)
          .isEqualTo(outcome(() -> pricer.analyse(text, MAX_TOKENS)));
    }
  }

  @Test
  void parse_plainTextParsedAndTrailingTokenOrDepthGivenUp() {
    ParserOptions options = ScannedText.options(MAX_TOKENS);

    assertThat(PlainParse.parse("query A { a { b } } fragment F on T { c }", options))
        .extracting(document -> document.getDefinitions().size())
        .isEqualTo(2);
    assertThat(
            PlainParse.parse(
                "query Op7($id: String! = \"T7\") { cargo(trackingId: $id) { trackingId } }",
                options))
        .isNotNull();
    assertThat(PlainParse.parse("query A { a } }", options)).isNull();
    assertThat(PlainParse.parse("query A { a ", options)).isNull();
    // 120 nested selections are more rules deep than graphql-java's 500
    assertThat(PlainParse.parse("query A { " + "a { ".repeat(120) + "}".repeat(121), options))
        .isNull();
  }

  /** The prices as stored, or the exception's class and message. */
  private static List<String> outcome(Analysis analysis) {
    List<String> outcome = new ArrayList<>();
    try {
      AnalysedDocument document = analysis.run();
      outcome.add("tokens " + document.tokens());
      for (PricedOperation operation : document.operations()) {
        outcome.add(operation.name() + " " + operation.price().serialize());
      }
    } catch (RuntimeException e) {
      outcome.add(e.getClass().getName() + ": " + e.getMessage());
      if (e instanceof InvalidDocumentException invalid) {
        outcome.addAll(invalid.errors());
      }
    }
    return outcome;
  }

  @FunctionalInterface
  private interface Analysis {
    AnalysedDocument run();
  }
}
