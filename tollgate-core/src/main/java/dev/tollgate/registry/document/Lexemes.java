package dev.tollgate.registry.document;

import static dev.tollgate.registry.document.GraphqlChars.isDigit;
import static dev.tollgate.registry.document.GraphqlChars.isHex;
import static dev.tollgate.registry.document.GraphqlChars.isNameStart;
import static dev.tollgate.registry.document.GraphqlChars.isNumberFollower;
import static dev.tollgate.registry.document.GraphqlChars.isPunctuator;

/**
 * Where each lexeme of GraphQL's grammar ends, as graphql-java's lexer reads it: the one pass of
 * {@link TokenCounter} asks here how far each token it counts reaches. Each method takes the text
 * and where the lexeme starts, and returns where the next one starts, or {@link #FAILED} when the
 * text does not lex there.
 */
final class Lexemes {

  /** The text does not lex at this point. */
  static final int FAILED = -1;

  private Lexemes() {}

  /** Where the grammar token starting with {@code c} at {@code at} ends. */
  static int grammar(CharSequence text, int at, char c) {
    if (isPunctuator(c)) {
      return at + 1;
    }
    if (c == '.') {
      return startsWith(text, "...", at) ? at + 3 : FAILED;
    }
    if (isNameStart(c)) {
      return name(text, at + 1);
    }
    if (c == '-' || isDigit(c)) {
      return number(text, at);
    }
    if (c == '"') {
      return startsWith(text, "\"\"\"", at) ? blockString(text, at + 3) : string(text, at + 1);
    }
    return FAILED;
  }

  /** Where the comment whose text starts at {@code at} ends: at its line break, if any. */
  static int comment(CharSequence text, int at) {
    int end = at;
    while (end != FAILED
        && end < text.length()
        && text.charAt(end) != '\n'
        && text.charAt(end) != '\r') {
      end = sourceCharacter(text, end);
    }
    return end;
  }

  /** Where the name continuing at {@code at} ends: the loop a flood of names runs in. */
  private static int name(CharSequence text, int at) {
    if (text instanceof AsciiText ascii) {
      return ascii.nameEnd(at);
    }
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
  private static int number(CharSequence text, int at) {
    int end = text.charAt(at) == '-' ? at + 1 : at;
    if (end >= text.length() || !isDigit(text.charAt(end))) {
      return FAILED;
    }
    end = text.charAt(end) == '0' ? end + 1 : digits(text, end);
    if (end < text.length() && text.charAt(end) == '.') {
      end = digitsAtLeastOne(text, end + 1);
    }
    if (end != FAILED
        && end < text.length()
        && (text.charAt(end) == 'e' || text.charAt(end) == 'E')) {
      end = exponent(text, end + 1);
    }
    if (end == FAILED || end < text.length() && isNumberFollower(text.charAt(end))) {
      return FAILED;
    }
    return end;
  }

  private static int exponent(CharSequence text, int at) {
    int end = at;
    if (end < text.length() && (text.charAt(end) == '+' || text.charAt(end) == '-')) {
      end++;
    }
    return digitsAtLeastOne(text, end);
  }

  private static int digitsAtLeastOne(CharSequence text, int at) {
    int end = digits(text, at);
    return end == at ? FAILED : end;
  }

  private static int digits(CharSequence text, int at) {
    return skip(text, at, GraphqlChars::isDigit);
  }

  /** Where the run of characters of {@code kind} starting at {@code at} ends. */
  private static int skip(CharSequence text, int at, GraphqlChars.Kind kind) {
    int end = at;
    while (end < text.length() && kind.has(text.charAt(end))) {
      end++;
    }
    return end;
  }

  private static int string(CharSequence text, int at) {
    int end = at;
    while (end < text.length()) {
      char c = text.charAt(end);
      if (c == '"') {
        return end + 1;
      }
      if (c == '\n' || c == '\r') {
        return FAILED;
      }
      end = c == '\\' ? escape(text, end + 1) : sourceCharacter(text, end);
      if (end == FAILED) {
        return FAILED;
      }
    }
    return FAILED;
  }

  private static int escape(CharSequence text, int at) {
    if (at >= text.length()) {
      return FAILED;
    }
    char c = text.charAt(at);
    if ("\"\\/bfnrt".indexOf(c) >= 0) {
      return at + 1;
    }
    return c == 'u' ? unicodeEscape(text, at + 1) : FAILED;
  }

  /** {@code XXXX} or {@code {X...}}: the lexer takes any number of hex digits in braces. */
  private static int unicodeEscape(CharSequence text, int at) {
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
  private static int blockString(CharSequence text, int at) {
    int end = at;
    while (end < text.length()) {
      if (startsWith(text, "\\\"\"\"", end)) {
        end += 4;
      } else if (startsWith(text, "\"\"\"", end)) {
        return end + 3;
      } else {
        end = sourceCharacter(text, end);
        if (end == FAILED) {
          return FAILED;
        }
      }
    }
    return FAILED;
  }

  /** One character, or a surrogate pair; a lone surrogate is left to the parser. */
  private static int sourceCharacter(CharSequence text, int at) {
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

  /** Whether {@code prefix} stands in {@code text} at {@code at}. */
  private static boolean startsWith(CharSequence text, String prefix, int at) {
    if (at + prefix.length() > text.length()) {
      return false;
    }
    for (int i = 0; i < prefix.length(); i++) {
      if (text.charAt(at + i) != prefix.charAt(i)) {
        return false;
      }
    }
    return true;
  }
}
