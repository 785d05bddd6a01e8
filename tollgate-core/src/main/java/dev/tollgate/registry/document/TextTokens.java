package dev.tollgate.registry.document;

/**
 * A text's grammar tokens as {@code [start, end)} pairs of offsets in {@code bounds}, the end of
 * file left out: what {@link TokenCounter#tokens} recorded for {@link TextAliases} to read.
 */
record TextTokens(String text, int[] bounds, int count) {

  String text(int token) {
    return text.substring(bounds[2 * token], bounds[2 * token + 1]);
  }

  char first(int token) {
    return text.charAt(bounds[2 * token]);
  }

  boolean isName(int token) {
    return GraphqlChars.isNameStart(first(token));
  }

  /** The count graphql-java's limit applies to. */
  int withEndOfFile() {
    return count + 1;
  }
}
