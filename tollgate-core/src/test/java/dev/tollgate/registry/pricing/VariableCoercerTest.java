package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import graphql.language.OperationDefinition;
import graphql.language.VariableDefinition;
import graphql.parser.Parser;
import graphql.schema.GraphQLSchema;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The fast coercion path gives exactly what graphql-java's ValuesResolver gives, errors included.
 */
final class VariableCoercerTest {

  private static final GraphQLSchema SCHEMA = Fixtures.schema("cargo.graphqls");
  private static final List<@Nullable Object> SAMPLES =
      Arrays.asList(
          null,
          0,
          7,
          -3,
          Integer.MAX_VALUE,
          7L,
          5_000_000_000L,
          BigInteger.TEN,
          2.0,
          2.5,
          "7",
          "a",
          true,
          false,
          List.of(),
          List.of("a", "b"),
          List.of(1, 2),
          Arrays.asList("a", null),
          Map.of("x", 1));

  private static List<VariableDefinition> definitions(String printed) {
    OperationDefinition operation =
        new Parser()
            .parseDocument("query " + printed + " { __typename }")
            .getDefinitionsOfType(OperationDefinition.class)
            .get(0);
    return operation.getVariableDefinitions();
  }

  @Test
  void coerce_randomRawValues_matchesValuesResolver() {
    List<VariableDefinition> definitions =
        definitions(
            "($n: Int, $m: Int!, $d: Int = 4, $ids: [ID!], "
                + "$b: Boolean!, $s: String, $l: [Int], $e: [String!]! = [\"x\"], $t: DateTime)");
    VariableCoercer coercer = new VariableCoercer(SCHEMA, definitions);
    Random random = new Random(11);
    for (int i = 0; i < 5_000; i++) {
      Map<String, @Nullable Object> raw = raw(random, definitions);
      assertSame(raw, () -> coercer.coerce(raw), () -> Variables.coerce(SCHEMA, definitions, raw));
    }
  }

  @Test
  void coerce_happyPath_keepsAbsentAbsentAndNullNull() {
    VariableCoercer coercer =
        new VariableCoercer(SCHEMA, definitions("($n: Int, $d: Int = 4, $m: Int)"));
    Map<String, @Nullable Object> raw = new HashMap<>();
    raw.put("m", null);

    Map<String, @Nullable Object> coerced = coercer.coerce(raw);

    assertThat(coerced).containsEntry("d", 4).containsEntry("m", null).doesNotContainKey("n");
  }

  private static Map<String, @Nullable Object> raw(
      Random random, List<VariableDefinition> definitions) {
    Map<String, @Nullable Object> raw = new HashMap<>();
    for (VariableDefinition definition : definitions) {
      // a fifth of the values from the samples, the rest well-shaped or absent
      int pick = random.nextInt(SAMPLES.size() * 5);
      if (pick < SAMPLES.size()) {
        raw.put(definition.getName(), SAMPLES.get(pick));
      } else if (pick % 4 != 0) {
        raw.put(definition.getName(), happy(definition, random));
      }
    }
    return raw;
  }

  /** A value of the right shape, so that many maps pass as a whole. */
  private static @Nullable Object happy(VariableDefinition definition, Random random) {
    String type = definition.getType().toString();
    if (type.contains("ListType")) {
      List<Object> list = new ArrayList<>();
      boolean ints = type.contains("Int");
      for (int i = random.nextInt(4); i > 0; i--) {
        list.add(ints ? (Object) i : "v" + i);
      }
      return list;
    }
    if (type.contains("Boolean")) {
      return random.nextBoolean();
    }
    return type.contains("Int") ? random.nextInt(100) : "s";
  }

  private static void assertSame(
      Map<String, @Nullable Object> raw,
      Supplier<Map<String, @Nullable Object>> fast,
      Supplier<Map<String, @Nullable Object>> reference) {
    Throwable expectedError = catchThrowable(reference::get);
    Throwable actualError = catchThrowable(fast::get);
    if (expectedError != null) {
      assertThat(actualError)
          .as("%s", raw)
          .isInstanceOf(VariableCoercionException.class)
          .hasMessage(expectedError.getMessage());
      return;
    }
    assertThat(actualError).as("%s", raw).isNull();
    assertThat(fast.get()).as("%s", raw).isEqualTo(reference.get());
  }
}
