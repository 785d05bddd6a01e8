package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.pricing.Fixtures.Case;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every case of fixtures/cases comes out exactly as its expected.json states. */
final class PricingFixturesTest {

  /** Large enough for the token flood (6003) so that its count can be read. */
  private static final int GENEROUS_TOKENS = 100_000;

  static Stream<Case> cases() {
    return Fixtures.cases().stream().map(Case::load);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void analyse_fixtureCase_matchesExpectedNumbers(Case c) {
    AnalysedDocument document = c.pricer().analyse(c.query(), GENEROUS_TOKENS);
    PricedOperation operation = document.select(c.operation());
    Measure measure = operation.price().evaluate(c.variables());

    if (c.expected().containsKey("cost")) {
      assertThat(measure.cost()).isEqualTo(number(c, "cost"));
    }
    if (c.expected().containsKey("depth")) {
      assertThat(measure.depth()).isEqualTo(number(c, "depth"));
    }
    if (c.expected().containsKey("aliases")) {
      assertThat(operation.aliases()).isEqualTo(number(c, "aliases"));
    }
    if (c.expected().containsKey("tokens")) {
      assertThat(document.tokens()).isEqualTo(number(c, "tokens"));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void walk_fixtureCase_equalsCompiledEvaluation(Case c) {
    OperationPricer pricer = c.pricer();
    PricedOperation operation = pricer.analyse(c.query(), GENEROUS_TOKENS).select(c.operation());

    Measure direct = pricer.walk(c.query(), c.operation(), c.variables());

    assertThat(operation.price().evaluate(c.variables())).isEqualTo(direct);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void restore_serializedFixturePrice_evaluatesTheSame(Case c) {
    OperationPricer pricer = c.pricer();
    CompiledPrice price = pricer.analyse(c.query(), GENEROUS_TOKENS).select(c.operation()).price();

    CompiledPrice restored = pricer.restore(price.serialize());

    assertThat(restored.evaluate(c.variables())).isEqualTo(price.evaluate(c.variables()));
    assertThat(restored.serialize()).isEqualTo(price.serialize());
  }

  private static int number(Case c, String key) {
    return ((Number) c.expected().get(key)).intValue();
  }
}
