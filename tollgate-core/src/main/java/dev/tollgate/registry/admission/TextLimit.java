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

  /** No counting: every text is read. */
  public static final TextLimit NONE = new TextLimit(0, 0);

  public TextLimit {
    if (maxTokens < 0 || maxTextBytes < 0) {
      throw new IllegalArgumentException(
          "text limits must not be negative: " + maxTokens + ", " + maxTextBytes);
    }
  }

  /**
   * {@link #maxTokens} when {@code text} has more grammar tokens than that, counted as the parser
   * counts them and stopping at the limit; else 0. A text of fewer chars than the limit is not
   * counted at all (each token takes a char, and the end of file is one more).
   */
  public int exceededBy(CharSequence text) {
    if (maxTokens == 0 || text.length() < maxTokens) {
      return 0;
    }
    if (OpenTextBounds.refusal(text, maxTextBytes) != null) {
      return 0;
    }
    return ScannedText.exceedsTokens(text, maxTokens) ? maxTokens : 0;
  }
}
