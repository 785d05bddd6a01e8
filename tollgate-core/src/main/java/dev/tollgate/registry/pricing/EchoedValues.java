package dev.tollgate.registry.pricing;

/**
 * Caps graphql-java's messages, which echo the offending value whole (a literal's AST printed as
 * {@code ArrayValue{values=[IntValue{value=1}, ...]}}, a variable's value as sent): a 6.4 KB
 * request was answered 128 KB (issue 10). A message longer than {@link #MAX_CHARS} keeps its start
 * and its end, which name what is wrong and the expected type, and says how much of the middle it
 * left out.
 */
final class EchoedValues {

  static final int MAX_CHARS = 300;
  private static final int HEAD = 200;
  private static final int TAIL = 80;

  private EchoedValues() {}

  static String cap(String message) {
    if (message.length() <= MAX_CHARS) {
      return message;
    }
    int left = message.length() - HEAD - TAIL;
    return message.substring(0, HEAD)
        + "… ("
        + left
        + " characters left out) …"
        + message.substring(message.length() - TAIL);
  }
}
