package dev.tollgate.registry.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.pricing.AliasLimitExceededException;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.DocumentLimits;
import dev.tollgate.registry.pricing.Fixtures;
import dev.tollgate.registry.pricing.OperationGenerator;
import dev.tollgate.registry.pricing.OperationPricer;
import graphql.language.Document;
import graphql.language.FragmentDefinition;
import graphql.language.OperationDefinition;
import graphql.parser.InvalidSyntaxException;
import graphql.parser.Parser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The alias count read from the tokens equals {@link AliasCount} on graphql-java's parsed document.
 */
final class TextAliasesTest {

  private static final List<String> PIECES =
      List.of(
          "{",
          "}",
          "{",
          "}",
          "a",
          "b: c",
          "x: __typename",
          "...",
          "... on Cargo",
          "...F",
          "...G",
          "on",
          "Cargo",
          "(first: 1)",
          "(first: $n, ids: [\"a\", \"b\"])",
          "(input: {a: {b: 1}})",
          "@skip(if: true)",
          "@include(if: $x)",
          "@d",
          "fragment F on Cargo",
          "fragment G on Cargo",
          "query",
          "query Q",
          "query Q($n: Int = 2)",
          "mutation M",
          "subscription",
          "type",
          ":",
          "(",
          ")",
          "()",
          "$n",
          "1",
          "\"s\"");

  static Stream<Path> fixtureQueries() {
    return Fixtures.cases().stream().map(dir -> dir.resolve("query.graphql"));
  }

  @ParameterizedTest
  @MethodSource("fixtureQueries")
  void of_fixtureQuery_equalsTheParsedCount(Path query) {
    String text = Fixtures.read(query);

    assertThat(fromTokens(text)).isNotNull().isEqualTo(fromDocument(text));
  }

  @Test
  void of_generatedOperations_equalTheParsedCount() {
    for (boolean apollo : new boolean[] {false, true}) {
      OperationGenerator generator =
          new OperationGenerator(Fixtures.schema("cargo.graphqls"), 5, apollo);
      for (int i = 0; i < 300; i++) {
        String text = generator.generate();

        assertThat(fromTokens(text)).as(text).isNotNull().isEqualTo(fromDocument(text));
      }
    }
  }

  @Test
  void of_randomDocuments_equalTheParsedCount() {
    // spreads of unknown fragments, cycles and duplicate fragment names included
    Random random = new Random(3);
    for (int i = 0; i < 5_000; i++) {
      String text = randomDocument(random);

      assertThat(fromTokens(text)).as(text).isNotNull().isEqualTo(fromDocument(text));
    }
  }

  @Test
  void of_randomTokenSoup_equalTheParsedCountWhenBothRead() {
    Random random = new Random(3);
    for (int i = 0; i < 30_000; i++) {
      String text = randomText(random);
      List<OperationAliases> tokens = fromTokens(text);
      List<OperationAliases> parsed = parsedOrNull(text);
      if (tokens != null && parsed != null) {
        assertThat(tokens).as(text).isEqualTo(parsed);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{ }",
        "type Q { a: Int }",
        "{ a",
        "{ a: }",
        "{ ... }",
        "fragment on on T { a }",
        "{ a() }",
        "{ 1 }",
        "query Q Q { a }"
      })
  void of_textItDoesNotReadPlainly_null(String text) {
    assertThat(fromTokens(text)).isNull();
  }

  @Test
  void of_nestingPastTheRuleDepth_null() {
    String deep = "{ a ".repeat(600) + "}".repeat(600);

    assertThat(fromTokens(deep)).isNull();
  }

  @Test
  void analyse_150AliasesWithAnUnparsableTail_refusedBeforeParsing() {
    // the aliases are counted from the tokens, so graphql-java's parser never sees the bad tail
    String text = Fixtures.read(Fixtures.root().resolve("cases/s000-12-alias-150/query.graphql"));
    OperationPricer book = Fixtures.pricer("cargo.graphqls", CostModel.book());

    assertThatThrownBy(() -> book.analyse(text, new DocumentLimits(5_000, 20)))
        .isInstanceOf(AliasLimitExceededException.class)
        .hasMessage("150 aliases found. Allowed: 20");
    assertThat(fromTokens(text)).containsExactly(new OperationAliases(null, 150));
  }

  private static List<OperationAliases> fromTokens(String text) {
    TextTokens tokens = TokenCounter.tokens(text, ScannedText.options(Integer.MAX_VALUE));
    return tokens == null ? null : TextAliases.of(tokens);
  }

  private static List<OperationAliases> parsedOrNull(String text) {
    try {
      return fromDocument(text);
    } catch (InvalidSyntaxException | ClassCastException e) {
      return null;
    }
  }

  private static List<OperationAliases> fromDocument(String text) {
    Document document = new Parser().parseDocument(text);
    Map<String, FragmentDefinition> fragments = new HashMap<>();
    for (FragmentDefinition fragment : document.getDefinitionsOfType(FragmentDefinition.class)) {
      fragments.put(fragment.getName(), fragment);
    }
    List<OperationAliases> aliases = new ArrayList<>();
    for (OperationDefinition operation : document.getDefinitionsOfType(OperationDefinition.class)) {
      aliases.add(new OperationAliases(operation.getName(), AliasCount.of(operation, fragments)));
    }
    return aliases;
  }

  private static String randomDocument(Random random) {
    StringBuilder text = new StringBuilder();
    int operations = 1 + random.nextInt(2);
    for (int i = 0; i < operations; i++) {
      text.append(
              operations == 1 && random.nextBoolean() ? "" : "query Q" + i + "($n: Int = 1) @d ")
          .append(selectionSet(random, 0))
          .append(' ');
    }
    int fragments = random.nextInt(5);
    for (int i = 0; i < fragments; i++) {
      text.append("fragment F")
          .append(random.nextInt(4))
          .append(" on Cargo ")
          .append(selectionSet(random, 0))
          .append(' ');
    }
    return text.toString();
  }

  private static String selectionSet(Random random, int depth) {
    StringBuilder set = new StringBuilder("{ ");
    int selections = 1 + random.nextInt(4);
    for (int i = 0; i < selections; i++) {
      int kind = random.nextInt(10);
      if (kind < 6) {
        set.append(random.nextBoolean() ? "x" + i + ": " : "")
            .append("f")
            .append(random.nextBoolean() ? "(a: {b: [1, 2]}, c: $n)" : "")
            .append(random.nextInt(4) == 0 ? " @skip(if: true)" : "")
            .append(depth < 4 && random.nextBoolean() ? " " + selectionSet(random, depth + 1) : "");
      } else if (kind < 8 && depth < 4) {
        set.append(random.nextBoolean() ? "... on Cargo " : "... @include(if: $n) ")
            .append(selectionSet(random, depth + 1));
      } else {
        set.append("...F")
            .append(random.nextInt(5))
            .append(random.nextBoolean() ? " @skip(if: false)" : "");
      }
      set.append(' ');
    }
    return set.append('}').toString();
  }

  private static String randomText(Random random) {
    StringBuilder text = new StringBuilder();
    int pieces = 1 + random.nextInt(12);
    for (int i = 0; i < pieces; i++) {
      text.append(PIECES.get(random.nextInt(PIECES.size()))).append(' ');
    }
    return text.toString();
  }
}
