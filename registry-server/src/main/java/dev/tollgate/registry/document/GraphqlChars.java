package dev.tollgate.registry.document;

/** GraphQL's lexical character classes, as graphql-java's lexer reads them. */
final class GraphqlChars {

  private GraphqlChars() {}

  /** A character class, as the methods below define them. */
  @FunctionalInterface
  interface Kind {
    boolean has(char c);
  }

  /** Whitespace, line terminators, commas and the BOM: tokens the grammar ignores. */
  static boolean isIgnored(char c) {
    return c == ' '
        || c == '\t'
        || c == '\n'
        || c == '\r'
        || c == ','
        || c == '\uFEFF'
        || c == '\u2028'
        || c == '\u2029';
  }

  /** The one-character punctuators ({@code ...} is the only longer one). */
  static boolean isPunctuator(char c) {
    return "{}:&()=|@[]$!".indexOf(c) >= 0;
  }

  static boolean isNameStart(char c) {
    return c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z';
  }

  static boolean isNameContinue(char c) {
    return isNameStart(c) || isDigit(c);
  }

  /** A number followed by one of these does not lex. */
  static boolean isNumberFollower(char c) {
    return c == '.' || isNameContinue(c);
  }

  static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  static boolean isHex(char c) {
    return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
  }
}
