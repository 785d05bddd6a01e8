package dev.tollgate.registry.document;

import static dev.tollgate.registry.document.GraphqlChars.isIgnored;

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

  private static final int FAILED = Lexemes.FAILED;

  private final CharSequence text;
  private final int maxTokens;
  private final int maxWhitespace;
  private final boolean recording;
  private int[] bounds = new int[0];
  private int tokens;
  private int comments;
  private int whitespace;

  private TokenCounter(CharSequence text, ParserOptions options, boolean recording) {
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

  /**
   * Whether {@code text} has more grammar tokens than {@code options.getMaxTokens()}, as {@link
   * #count} says; false when the count is {@link #UNKNOWN} (the parser decides). For a text not yet
   * copied into a {@code String}: the HTTP reader refuses a token flood from the chars it decoded.
   */
  static boolean exceeds(CharSequence text, ParserOptions options) {
    if (text.length() >= options.getMaxCharacters()) {
      return false;
    }
    return new TokenCounter(text, options, false).scan() > options.getMaxTokens();
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
    if (text instanceof AsciiText ascii && !recording) {
      return scan(ascii);
    }
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

  /**
   * The pass over a text of ASCII bytes, one class lookup a byte: ignored chars, punctuators and
   * names, which a flood is made of, are read here; any other lexeme by {@link #token}.
   */
  private int scan(AsciiText ascii) {
    int at = 0;
    int length = ascii.length();
    while (at < length) {
      int kind = GraphqlChars.asciiKind(ascii.byteAt(at));
      if (kind == GraphqlChars.IGNORED) {
        whitespace++;
        at++;
      } else if (kind == GraphqlChars.PUNCTUATOR) {
        tokens++;
        at++;
      } else if (kind == GraphqlChars.NAME_START) {
        tokens++;
        at = ascii.nameEnd(at + 1);
      } else if ((at = token(at)) == FAILED) {
        return UNKNOWN;
      }
      if (comments > maxTokens || whitespace > maxWhitespace) {
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
      return Lexemes.comment(text, at + 1);
    }
    tokens++;
    int end = Lexemes.grammar(text, at, c);
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
}
