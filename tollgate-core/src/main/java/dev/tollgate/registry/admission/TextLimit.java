package dev.tollgate.registry.admission;

import dev.tollgate.registry.document.ScannedText;

/**
 * The token limit a request reader applies to a query text while it reads it, so that a token flood
 * is refused before the text is copied into a {@code String} or hashed ({@link
 * AdmissionController#textLimit}). The reader hands the verdict on as {@link
 * AdmissionRequest#textOverTokens()}, and admission refuses such a request with {@code
 * MAX_TOKENS_EXCEEDED} before anything else; a text within the limit is read and admitted as
 * before.
 *
 * @param maxTokens the caller's token limit; 0 when its texts are not analysed (trusted mode)
 * @param maxTextBytes the open-mode size cap: a larger text is left to admission, which refuses it
 *     as {@code PAYLOAD_TOO_LARGE}, as it did before the reader counted
 */
public record TextLimit(int maxTokens, int maxTextBytes) {

  /**
   * The shortest text counted here. A shorter one is hashed and its refusal found in the open-mode
   * cache, as before: measured side by side (issue 28, load 5–40), counting first made the repeated
   * 13.5 KB document of 150 aliases cost 150 against 105 us a request (a full token pass before its
   * cached refusal is found), while hashing 16 KiB costs about 12 us.
   */
  static final int MIN_COUNTED_CHARS = 16_384;

  /** No counting: every text is read. */
  public static final TextLimit NONE = new TextLimit(0, 0);

  public TextLimit {
    if (maxTokens < 0 || maxTextBytes < 0) {
      throw new IllegalArgumentException(
          "text limits must not be negative: " + maxTokens + ", " + maxTextBytes);
    }
  }

  /**
   * Whether a text of {@code chars} chars is counted at all: a limit is set, and the text is long
   * enough to pass it and at least {@link #MIN_COUNTED_CHARS} long.
   */
  public boolean counts(int chars) {
    return maxTokens > 0 && chars >= Math.max(maxTokens, MIN_COUNTED_CHARS);
  }

  /**
   * {@link #maxTokens} when {@code text} has more grammar tokens than that, counted as the parser
   * counts them and stopping at the limit; else 0. A text that {@link #counts} excludes is not
   * counted at all (each token takes a char, and the end of file is one more).
   */
  public int exceededBy(CharSequence text) {
    if (!counts(text.length()) || OpenTextBounds.refusal(text, maxTextBytes) != null) {
      return 0;
    }
    return ScannedText.exceedsTokens(text, maxTokens) ? maxTokens : 0;
  }

  /**
   * As {@link #exceededBy}, for a text the reader knows to be all ASCII: its UTF-8 length is its
   * length, so the size cap needs no pass over it (a 66 KB text is over a third of the 128 KiB cap,
   * and a pass over it cost about as much as the token count that follows).
   */
  public int asciiExceededBy(CharSequence text) {
    if (!counts(text.length()) || text.length() > maxTextBytes) {
      return 0;
    }
    return ScannedText.exceedsTokens(text, maxTokens) ? maxTokens : 0;
  }
}
