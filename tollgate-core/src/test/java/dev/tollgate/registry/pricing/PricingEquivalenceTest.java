package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Generated operations over the fixture schemas, priced under both presets with many variable
 * values: the compiled expression, and the same expression read back from its text form, evaluate
 * to exactly what the direct walk with the same variables gives.
 */
final class PricingEquivalenceTest {

  private static final int OPERATIONS = 150;
  private static final int VARIABLE_SETS = 8;

  static Stream<Arguments> setups() {
    return Stream.of(
        Arguments.of("cargo.graphqls", CostModel.book()),
        Arguments.of("bookstore.graphqls", CostModel.book()),
        Arguments.of("cargo.graphqls", CostModel.apollo()),
        Arguments.of("bookstore.graphqls", CostModel.apollo()),
        Arguments.of("cargo.graphqls", CostModel.book().withFragmentSpreads(FragmentSpreads.EACH)),
        Arguments.of(
            "bookstore.graphqls", CostModel.apollo().withFragmentSpreads(FragmentSpreads.FIRST)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("setups")
  void evaluate_generatedOperations_equalsDirectWalk(String schema, CostModel model) {
    OperationPricer pricer = Fixtures.pricer(schema, model);
    Random values = new Random(7);
    for (int seed = 0; seed < OPERATIONS; seed++) {
      OperationGenerator generator =
          new OperationGenerator(pricer.schema(), seed, model.preset() == CostPreset.APOLLO);
      String query = generator.generate();
      CompiledPrice price = pricer.analyse(query, 100_000).select("Q").price();
      CompiledPrice restored = pricer.restore(price.serialize());
      for (int i = 0; i < VARIABLE_SETS; i++) {
        Map<String, @Nullable Object> vars = generator.variables(values);
        Measure direct = pricer.walk(query, "Q", vars);
        assertThat(price.evaluate(vars)).as("%s%nwith %s", query, vars).isEqualTo(direct);
        assertThat(restored.evaluate(vars))
            .as("%s%nrestored, with %s", query, vars)
            .isEqualTo(direct);
      }
    }
  }
}
