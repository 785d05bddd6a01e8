package dev.tollgate.registry.document;

/** GraphQL's lexical character classes, as graphql-java's lexer reads them. */
final class GraphqlChars {

  private GraphqlChars() {}

  // One lookup per character for the ASCII classes the token pass asks about on every char: a
  // flood of names spends its time here (measured: the range tests and String.indexOf made the
  // pass 1.7 ns a char, 92 us for the book's 66 KB flood).
  static final byte IGNORED = 1;
  static final byte PUNCTUATOR = 2;
  static final byte NAME_START = 4;
  private static final byte DIGIT = 8;
  private static final byte[] ASCII = new byte[128];

  static {
    for (char c : " \t\n\r,".toCharArray()) {
      ASCII[c] = IGNORED;
    }
    for (char c : "{}:&()=|@[]$!".toCharArray()) {
      ASCII[c] = PUNCTUATOR;
    }
    ASCII['_'] = NAME_START;
    for (char c = 'A'; c <= 'Z'; c++) {
      ASCII[c] = NAME_START;
      ASCII[Character.toLowerCase(c)] = NAME_START;
    }
    for (char c = '0'; c <= '9'; c++) {
      ASCII[c] = DIGIT;
    }
  }

  /** A character class, as the methods below define them. */
  @FunctionalInterface
  interface Kind {
    boolean has(char c);
  }

  /** The class of an ASCII byte: one of the constants above, or 0. */
  static int asciiKind(byte b) {
    return ASCII[b];
  }

  private static boolean is(char c, int kinds) {
    return c < ASCII.length && (ASCII[c] & kinds) != 0;
  }

  /** Whitespace, line terminators, commas and the BOM: tokens the grammar ignores. */
  static boolean isIgnored(char c) {
    return is(c, IGNORED) || c == '\uFEFF' || c == '\u2028' || c == '\u2029';
  }

  /** The one-character punctuators ({@code ...} is the only longer one). */
  static boolean isPunctuator(char c) {
    return is(c, PUNCTUATOR);
  }

  static boolean isNameStart(char c) {
    return is(c, NAME_START);
  }

  static boolean isNameContinue(char c) {
    return is(c, NAME_START | DIGIT);
  }

  /** A number followed by one of these does not lex. */
  static boolean isNumberFollower(char c) {
    return c == '.' || isNameContinue(c);
  }

  static boolean isDigit(char c) {
    return is(c, DIGIT);
  }

  static boolean isHex(char c) {
    return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
  }
}
