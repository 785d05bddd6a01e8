package dev.tollgate.registry.document;

import static dev.tollgate.registry.document.GraphqlChars.isDigit;
import static dev.tollgate.registry.document.GraphqlChars.isHex;
import static dev.tollgate.registry.document.GraphqlChars.isIgnored;
import static dev.tollgate.registry.document.GraphqlChars.isNameStart;
import static dev.tollgate.registry.document.GraphqlChars.isNumberFollower;
import static dev.tollgate.registry.document.GraphqlChars.isPunctuator;

import graphql.parser.ParserOptions;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Counts a text's grammar tokens in one pass, as graphql-java's parser counts them toward {@link
 * ParserOptions#getMaxTokens()}: punctuators ({@code ...} is one), names, numbers, strings and
 * block strings, plus the end of file; whitespace, commas, comments and the BOM are not counted.
 *
 * <p>The count only lets a text be refused before the parser runs; the parser keeps its own limit.
 * So whenever the text would not lex, or the parser would stop for another reason first (too many
 * characters, whitespace or comment tokens), the count is {@link #UNKNOWN} and the parser decides.
 */
final class TokenCounter {

  /** The parser decides: the text does not lex cleanly, or another parser limit comes first. */
  static final int UNKNOWN = -1;

  private static final int FAILED = -1;

  private final String text;
  private final int maxTokens;
  private final int maxWhitespace;
  private final boolean recording;
  private int[] bounds = new int[0];
  private int tokens;
  private int comments;
  private int whitespace;

  private TokenCounter(String text, ParserOptions options, boolean recording) {
    this.text = text;
    this.maxTokens = options.getMaxTokens();
    this.maxWhitespace = options.getMaxWhitespaceTokens();
    this.recording = recording;
  }

  /**
   * The number of grammar tokens, end of file included; {@code maxTokens + 1} as soon as the count
   * passes {@code options.getMaxTokens()}; or {@link #UNKNOWN}.
   */
  static int count(String text, ParserOptions options) {
    return scan(text, options, false).count();
  }

  /** The grammar tokens, when the count is known and within the limit; {@code null} otherwise. */
  static @Nullable TextTokens tokens(String text, ParserOptions options) {
    return scan(text, options, true).tokens();
  }

  /** The one pass: the count, and the tokens too when {@code recording} and within the limit. */
  static ScannedText scan(String text, ParserOptions options, boolean recording) {
    if (text.length() >= options.getMaxCharacters()) {
      return new ScannedText(text, UNKNOWN, null);
    }
    TokenCounter counter = new TokenCounter(text, options, recording);
    int count = counter.scan();
    boolean readable = recording && count != UNKNOWN && count <= options.getMaxTokens();
    return new ScannedText(
        text, count, readable ? new TextTokens(text, counter.bounds, count - 1) : null);
  }

  private int scan() {
    int at = 0;
    while (at < text.length()) {
      at = token(at);
      if (at == FAILED || comments > maxTokens || whitespace > maxWhitespace) {
        return UNKNOWN;
      }
      if (tokens > maxTokens) {
        return tokens;
      }
    }
    return tokens + 1;
  }

  /** Reads the token at {@code at} and returns where the next one starts, or {@link #FAILED}. */
  private int token(int at) {
    char c = text.charAt(at);
    if (isIgnored(c)) {
      whitespace++;
      return at + 1;
    }
    if (c == '#') {
      comments++;
      return comment(at + 1);
    }
    tokens++;
    int end = grammar(at, c);
    if (recording && end != FAILED) {
      record(at, end);
    }
    return end;
  }

  private void record(int start, int end) {
    int i = 2 * (tokens - 1);
    if (i + 1 >= bounds.length) {
      bounds = Arrays.copyOf(bounds, Math.max(64, bounds.length * 2));
    }
    bounds[i] = start;
    bounds[i + 1] = end;
  }

  private int grammar(int at, char c) {
    if (isPunctuator(c)) {
      return at + 1;
    }
    if (c == '.') {
      return text.startsWith("...", at) ? at + 3 : FAILED;
    }
    if (isNameStart(c)) {
      return name(at + 1);
    }
    if (c == '-' || isDigit(c)) {
      return number(at);
    }
    if (c == '"') {
      return text.startsWith("\"\"\"", at) ? blockString(at + 3) : string(at + 1);
    }
    return FAILED;
  }

  private int comment(int at) {
    int end = at;
    while (end != FAILED
        && end < text.length()
        && text.charAt(end) != '\n'
        && text.charAt(end) != '\r') {
      end = sourceCharacter(end);
    }
    return end;
  }

  /** Where the name continuing at {@code at} ends: the loop a flood of names runs in. */
  private int name(int at) {
    int end = at;
    int length = text.length();
    while (end < length && GraphqlChars.isNameContinue(text.charAt(end))) {
      end++;
    }
    return end;
  }

  /**
   * IntValue or FloatValue; a digit, {@code .} or name start right after one is a lexical error.
   */
  private int number(int at) {
    int end = text.charAt(at) == '-' ? at + 1 : at;
    if (end >= text.length() || !isDigit(text.charAt(end))) {
      return FAILED;
    }
    end = text.charAt(end) == '0' ? end + 1 : digits(end);
    if (end < text.length() && text.charAt(end) == '.') {
      end = digitsAtLeastOne(end + 1);
    }
    if (end != FAILED
        && end < text.length()
        && (text.charAt(end) == 'e' || text.charAt(end) == 'E')) {
      end = exponent(end + 1);
    }
    if (end == FAILED || end < text.length() && isNumberFollower(text.charAt(end))) {
      return FAILED;
    }
    return end;
  }

  private int exponent(int at) {
    int end = at;
    if (end < text.length() && (text.charAt(end) == '+' || text.charAt(end) == '-')) {
      end++;
    }
    return digitsAtLeastOne(end);
  }

  private int digitsAtLeastOne(int at) {
    int end = digits(at);
    return end == at ? FAILED : end;
  }

  private int digits(int at) {
    return skip(at, GraphqlChars::isDigit);
  }

  /** Where the run of characters of {@code kind} starting at {@code at} ends. */
  private int skip(int at, GraphqlChars.Kind kind) {
    int end = at;
    while (end < text.length() && kind.has(text.charAt(end))) {
      end++;
    }
    return end;
  }

  private int string(int at) {
    int end = at;
    while (end < text.length()) {
      char c = text.charAt(end);
      if (c == '"') {
        return end + 1;
      }
      if (c == '\n' || c == '\r') {
        return FAILED;
      }
      end = c == '\\' ? escape(end + 1) : sourceCharacter(end);
      if (end == FAILED) {
        return FAILED;
      }
    }
    return FAILED;
  }

  private int escape(int at) {
    if (at >= text.length()) {
      return FAILED;
    }
    char c = text.charAt(at);
    if ("\"\\/bfnrt".indexOf(c) >= 0) {
      return at + 1;
    }
    return c == 'u' ? unicodeEscape(at + 1) : FAILED;
  }

  /** {@code XXXX} or {@code {X...}}: the lexer takes any number of hex digits in braces. */
  private int unicodeEscape(int at) {
    if (at < text.length() && text.charAt(at) == '{') {
      int end = at + 1;
      while (end < text.length() && isHex(text.charAt(end))) {
        end++;
      }
      return end > at + 1 && end < text.length() && text.charAt(end) == '}' ? end + 1 : FAILED;
    }
    for (int i = at; i < at + 4; i++) {
      if (i >= text.length() || !isHex(text.charAt(i))) {
        return FAILED;
      }
    }
    return at + 4;
  }

  /**
   * Ends at the first {@code """} that is not escaped as {@code \"""}. Where the lexer could also
   * end the string earlier (an escaped quote read as a backslash and a close), it takes the longest
   * match, which is this one; with no close at all the text does not lex.
   */
  private int blockString(int at) {
    int end = at;
    while (end < text.length()) {
      if (text.startsWith("\\\"\"\"", end)) {
        end += 4;
      } else if (text.startsWith("\"\"\"", end)) {
        return end + 3;
      } else {
        end = sourceCharacter(end);
        if (end == FAILED) {
          return FAILED;
        }
      }
    }
    return FAILED;
  }

  /** One character, or a surrogate pair; a lone surrogate is left to the parser. */
  private int sourceCharacter(int at) {
    char c = text.charAt(at);
    if (!Character.isSurrogate(c)) {
      return at + 1;
    }
    boolean pair =
        Character.isHighSurrogate(c)
            && at + 1 < text.length()
            && Character.isLowSurrogate(text.charAt(at + 1));
    return pair ? at + 2 : FAILED;
  }
}
