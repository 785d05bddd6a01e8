package dev.tollgate.registry.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.pricing.DocumentReader;
import dev.tollgate.registry.pricing.Fixtures;
import dev.tollgate.registry.pricing.OperationGenerator;
import dev.tollgate.registry.pricing.TokenLimitExceededException;
import graphql.org.antlr.v4.runtime.BaseErrorListener;
import graphql.org.antlr.v4.runtime.CharStreams;
import graphql.org.antlr.v4.runtime.RecognitionException;
import graphql.org.antlr.v4.runtime.Recognizer;
import graphql.org.antlr.v4.runtime.Token;
import graphql.parser.Parser;
import graphql.parser.ParserEnvironment;
import graphql.parser.ParserOptions;
import graphql.parser.antlr.GraphqlLexer;
import graphql.parser.exceptions.ParseCancelledException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The pre-count against graphql-java itself: the parser's own count (what {@link
 * AnalysedDocument#tokens()} reports), graphql-java's lexer on arbitrary texts, and the parser's
 * limit decision just under and over the limit.
 */
final class TokenCounterTest {

  private static final ParserOptions UNLIMITED = options(Integer.MAX_VALUE);

  /** Pieces that lex, and pieces that do not, glued at random: the lexer is the oracle. */
  private static final List<String> PIECES =
      List.of(
          "{",
          "}",
          "(",
          ")",
          "[",
          "]",
          ":",
          "=",
          "@",
          "$",
          "!",
          "|",
          "&",
          "...",
          "..",
          ".",
          " ",
          "\t",
          "\n",
          "\r",
          ",",
          "\uFEFF",
          "\u2028",
          "\u2029",
          "# comment",
          "#",
          "a",
          "_b9",
          "query",
          "on",
          "0",
          "7",
          "-",
          "-1",
          "1.5",
          "2e10",
          "3.0E-2",
          "1.",
          "1e",
          "01",
          "12",
          "\"\"",
          "\"s\"",
          "\"a\\\"b\"",
          "\"\\u00e9\"",
          "\"\\u{1F600}\"",
          "\"\\q\"",
          "\"",
          "\"\"\"",
          "\"\"\"x\"\"\"",
          "\"\"\"a\\\"\"\"b\"\"\"",
          "\\",
          "\"é\"",
          "é",
          "\u0001",
          "\"\u0001\"",
          "\"\uD83D\uDE00\"",
          "\"\uD83D\"",
          "\uD83D",
          "\uDE00",
          "%",
          "\"\n\"");

  /* ---- the parser's own count ---- */

  static Stream<Path> fixtureQueries() {
    return Fixtures.cases().stream().map(dir -> dir.resolve("query.graphql"));
  }

  @ParameterizedTest
  @MethodSource("fixtureQueries")
  void count_fixtureQuery_equalsTheParsersCount(Path query) {
    String text = Fixtures.read(query);

    assertThat(TokenCounter.count(text, UNLIMITED))
        .isEqualTo(DocumentReader.parse(text, Integer.MAX_VALUE).tokens());
  }

  @Test
  void count_generatedOperations_equalTheParsersCount() {
    OperationGenerator generator =
        new OperationGenerator(Fixtures.schema("cargo.graphqls"), 42, false);
    for (int i = 0; i < 300; i++) {
      String text = generator.generate();

      assertThat(TokenCounter.count(text, UNLIMITED))
          .as(text)
          .isEqualTo(DocumentReader.parse(text, Integer.MAX_VALUE).tokens());
    }
  }

  @Test
  void count_tokenFloodFixture_is6003() {
    String flood =
        Fixtures.read(Fixtures.root().resolve("cases/s000-29-token-flood/query.graphql"));

    assertThat(TokenCounter.count(flood, UNLIMITED)).isEqualTo(6_003);
  }

  /* ---- graphql-java's lexer on arbitrary texts ---- */

  @Test
  void count_randomTexts_equalTheLexerOrUnknown() {
    Random random = new Random(7);
    int known = 0;
    for (int i = 0; i < 50_000; i++) {
      String text = randomText(random);
      int lexed = lexedGrammarTokens(text);
      int counted = TokenCounter.count(text, UNLIMITED);

      if (counted != TokenCounter.UNKNOWN) {
        known++;
        assertThat(counted).as("%s", escaped(text)).isEqualTo(lexed);
      } else {
        assertThat(lexed)
            .as("%s lexes, so the count should be known", escaped(text))
            .isEqualTo(TokenCounter.UNKNOWN);
      }
    }
    assertThat(known).isGreaterThan(1_000);
  }

  /* ---- a text held as ASCII bytes ---- */

  @Test
  void exceeds_asciiBytes_decidesAsTheString() {
    Random random = new Random(11);
    int compared = 0;
    for (int i = 0; i < 20_000; i++) {
      String text = randomText(random);
      if (!StandardCharsets.US_ASCII.newEncoder().canEncode(text)) {
        continue;
      }
      // name chars on both sides: a name at either end of the view must stop at the view's end
      byte[] bytes = ("xx" + text + "yy").getBytes(StandardCharsets.US_ASCII);
      AsciiText ascii = AsciiText.of(bytes, 2, text.length());
      for (int max : new int[] {1, 2, 3, 5, 8}) {
        assertThat(TokenCounter.exceeds(ascii, options(max)))
            .as("%s, limit %d", escaped(text), max)
            .isEqualTo(TokenCounter.exceeds(text, options(max)));
      }
      compared++;
    }
    assertThat(compared).isGreaterThan(5_000);
  }

  @Test
  void exceeds_asciiBytesLongNames_countedAsTheString() {
    // names of 1 to 40 chars, of every name char class, ended by each kind of follower: the word
    // at a time scan must end each name on the right byte
    StringBuilder text = new StringBuilder("{");
    String followers = " ,(){}:\n\t";
    for (int length = 1; length <= 40; length++) {
      text.append("aZ_09".repeat(8), 0, length).append(followers.charAt(length % 9)).append(' ');
    }
    text.append('}');
    String string = text.toString().replace("(", "(a:1)").replace(":", ": b");
    int count = TokenCounter.count(string, UNLIMITED);
    byte[] bytes = ("_" + string + "_").getBytes(StandardCharsets.US_ASCII);
    AsciiText ascii = AsciiText.of(bytes, 1, string.length());

    assertThat(count).isGreaterThan(40);
    assertThat(TokenCounter.exceeds(ascii, options(count - 1))).isTrue();
    assertThat(TokenCounter.exceeds(ascii, options(count))).isFalse();
  }

  @Test
  void exceeds_tokenFloodAsBytes_overJustBelowItsCount() {
    // 6,003 tokens (count_tokenFloodFixture_is6003): over 6,002, not over 6,003
    byte[] flood =
        Fixtures.read(Fixtures.root().resolve("cases/s000-29-token-flood/query.graphql"))
            .getBytes(StandardCharsets.US_ASCII);
    AsciiText text = AsciiText.of(flood, 0, flood.length);

    assertThat(TokenCounter.exceeds(text, options(6_002))).isTrue();
    assertThat(TokenCounter.exceeds(text, options(6_003))).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1.",
        "1e",
        "01",
        "-",
        "..",
        "\"\\q\"",
        "\"\"\"open",
        "\"open",
        "%",
        "é",
        "123abc"
      })
  void count_textThatDoesNotLex_isUnknown(String piece) {
    assertThat(TokenCounter.count("{ a " + piece + " }", UNLIMITED))
        .isEqualTo(TokenCounter.UNKNOWN);
  }

  @Test
  void count_ignoredCharactersAndComments_areNotCounted() {
    assertThat(TokenCounter.count("\uFEFF{ a, b # c d e\n\r\t\u2028 }", UNLIMITED)).isEqualTo(5);
  }

  @Test
  void count_pastTheLimit_stopsJustOver() {
    String flood = "{ " + "a ".repeat(100_000) + "}";

    assertThat(TokenCounter.count(flood, options(5_000))).isEqualTo(5_001);
  }

  @Test
  void count_moreCommentsThanTheLimit_leftToTheParser() {
    String text = "# c\n".repeat(11) + "{ a }";

    assertThat(TokenCounter.count(text, options(10))).isEqualTo(TokenCounter.UNKNOWN);
  }

  /* ---- the decision at the limit ---- */

  @Test
  void parse_justUnderAtAndOverTheLimit_decidesAsGraphqlJava() {
    OperationGenerator generator =
        new OperationGenerator(Fixtures.schema("cargo.graphqls"), 11, false);
    for (int i = 0; i < 100; i++) {
      String text = generator.generate();
      int tokens = TokenCounter.count(text, UNLIMITED);
      for (int limit = tokens - 1; limit <= tokens + 1; limit++) {
        assertThat(refusedByCounter(text, limit))
            .as("%s at %d", text, limit)
            .isEqualTo(refusedByGraphqlJava(text, limit));
      }
    }
  }

  @Test
  void parse_tokenFloodOverTheLimit_refusedWithTheBooksMessage() {
    String flood =
        Fixtures.read(Fixtures.root().resolve("cases/s000-29-token-flood/query.graphql"));

    assertThatThrownBy(() -> DocumentReader.parse(flood, 5_000))
        .isInstanceOf(TokenLimitExceededException.class)
        .hasMessage("Document contains more than 5000 tokens. Parsing aborted.");
    assertThat(refusedByGraphqlJava(flood, 5_000)).isTrue();
    assertThat(refusedByGraphqlJava(flood, 6_003)).isFalse();
    assertThat(DocumentReader.parse(flood, 6_003).tokens()).isEqualTo(6_003);
  }

  private static boolean refusedByCounter(String text, int limit) {
    return TokenCounter.count(text, options(limit)) > limit;
  }

  private static boolean refusedByGraphqlJava(String text, int limit) {
    ParserEnvironment environment =
        ParserEnvironment.newParserEnvironment()
            .document(text)
            .parserOptions(options(limit))
            .build();
    try {
      new Parser().parseDocument(environment);
      return false;
    } catch (ParseCancelledException e) {
      return String.valueOf(e.getMessage()).contains("'grammar'")
          || String.valueOf(e.getMessage()).contains(" grammar ");
    }
  }

  private static ParserOptions options(int maxTokens) {
    return ParserOptions.getDefaultOperationParserOptions().transform(o -> o.maxTokens(maxTokens));
  }

  /**
   * Default-channel tokens plus the end of file, as graphql-java's token source counts them; or
   * UNKNOWN.
   */
  private static int lexedGrammarTokens(String text) {
    GraphqlLexer lexer = new GraphqlLexer(CharStreams.fromString(text));
    lexer.removeErrorListeners();
    lexer.addErrorListener(
        new BaseErrorListener() {
          @Override
          public void syntaxError(
              Recognizer<?, ?> recognizer,
              Object symbol,
              int line,
              int position,
              String message,
              RecognitionException e) {
            throw new LexerError();
          }
        });
    int count = 0;
    try {
      for (Token token = lexer.nextToken(); ; token = lexer.nextToken()) {
        count += token.getChannel() == Token.DEFAULT_CHANNEL ? 1 : 0;
        if (token.getType() == Token.EOF) {
          return count;
        }
      }
    } catch (LexerError e) {
      return TokenCounter.UNKNOWN;
    }
  }

  private static final class LexerError extends RuntimeException {
    LexerError() {
      super(null, null, false, false);
    }
  }

  private static String randomText(Random random) {
    StringBuilder text = new StringBuilder();
    int pieces = random.nextInt(8);
    for (int i = 0; i < pieces; i++) {
      text.append(PIECES.get(random.nextInt(PIECES.size())));
    }
    return text.toString();
  }

  private static String escaped(String text) {
    StringBuilder out = new StringBuilder();
    text.codePoints()
        .forEach(c -> out.append(c < 0x20 || c > 0x7e ? String.format("\\u%04x", c) : (char) c));
    return out.toString();
  }
}
