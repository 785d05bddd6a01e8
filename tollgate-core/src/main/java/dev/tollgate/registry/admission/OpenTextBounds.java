package dev.tollgate.registry.admission;

import org.jspecify.annotations.Nullable;

/**
 * The size an open-mode text is refused for before it is hashed: more UTF-8 bytes than {@code
 * gateway.openMaxTextBytes}. Counting them needs no pass at all for a text of fewer chars than a
 * third of the cap, and no encoded copy for a longer one.
 *
 * <p>Tokens are not counted here, before the hash, on purpose. Measured both ways (issue 17): with
 * the count first, a repeated 13.5 KB text of 150 aliases cost 26 us more a request (a full token
 * pass before its refusal was found by hash), and the 66 KB token flood about 10% less (its count
 * stops at the 5,001st token, which costs about what its hash does). A repeated text is refused
 * from the cache by its hash; a new one is counted once, by the analysis, which stops at the limit.
 */
final class OpenTextBounds {

  /** UTF-8 needs at most three bytes for each char (a surrogate pair is four for two). */
  private static final int MAX_UTF8_BYTES_PER_CHAR = 3;

  private OpenTextBounds() {}

  /** The refusal of {@code text} as too large, or {@code null} when it is within the cap. */
  static @Nullable Refusal refusal(CharSequence text, int maxTextBytes) {
    if ((long) text.length() * MAX_UTF8_BYTES_PER_CHAR <= maxTextBytes) {
      return null;
    }
    long bytes = utf8Length(text);
    return bytes > maxTextBytes ? Refusals.textTooLarge(bytes, maxTextBytes) : null;
  }

  /** The UTF-8 length of {@code text}, without encoding it. */
  private static long utf8Length(CharSequence text) {
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
