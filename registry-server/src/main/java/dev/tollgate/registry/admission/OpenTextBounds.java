package dev.tollgate.registry.admission;

import dev.tollgate.registry.config.KeyPolicy.Limits;
import dev.tollgate.registry.document.ScannedText;
import org.jspecify.annotations.Nullable;

/**
 * What an open-mode text is refused for before it is hashed: more grammar tokens than the caller's
 * limit, or more UTF-8 bytes than {@code gateway.openMaxTextBytes}. Both are found on a bounded
 * prefix (the token count stops at the limit), so a flood costs what reading its first tokens
 * costs, and nothing of it is hashed, copied or cached (issue 17: the book's 66 KB flood of 6,002
 * tokens is refused at its 5,001st).
 *
 * <p>A text that is refused here is refused even if it is a registered document's text: an open key
 * sends such a document by its id.
 */
final class OpenTextBounds {

  /** UTF-8 needs at most three bytes for each char (a surrogate pair is four for two). */
  private static final int MAX_UTF8_BYTES_PER_CHAR = 3;

  private OpenTextBounds() {}

  /** The refusal of {@code text} under these bounds, or {@code null} when it is within them. */
  static @Nullable Refusal refusal(String text, Limits limits, int maxTextBytes) {
    // Every token has a char, and the end of file counts one more: a text shorter than the limit
    // cannot pass it, so it is not counted twice (its analysis counts it).
    if (text.length() >= limits.tokens()
        && ScannedText.scan(text, ScannedText.options(limits.tokens()), false).count()
            > limits.tokens()) {
      return Refusals.tooManyTokens(limits.tokens());
    }
    if ((long) text.length() * MAX_UTF8_BYTES_PER_CHAR > maxTextBytes) {
      long bytes = utf8Length(text);
      if (bytes > maxTextBytes) {
        return Refusals.textTooLarge(bytes, maxTextBytes);
      }
    }
    return null;
  }

  /** The UTF-8 length of {@code text}, without encoding it. */
  private static long utf8Length(String text) {
    long bytes = text.length();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isSurrogate(c)) {
        bytes += 1; // a pair is four bytes for two chars
      } else if (c >= 0x800) {
        bytes += 2;
      } else if (c >= 0x80) {
        bytes += 1;
      }
    }
    return bytes;
  }
}
