package dev.tollgate.registry.admission;

/**
 * The gateway-wide settings that admission reads. The server's config holds them in its {@code
 * gateway} section and validates them there, naming the key.
 *
 * @param batching whether a JSON array of operations is decided at all (else it is refused whole,
 *     {@code BATCHING_NOT_SUPPORTED})
 * @param maxBatchOperations the longest batch decided
 * @param openMaxTextBytes the longest text (UTF-8 bytes) an open-mode caller may send
 */
public record AdmissionSettings(boolean batching, int maxBatchOperations, int openMaxTextBytes) {

  /**
   * No batches, at most 10 in one; texts of at most 128 KiB, an eighth of the gateway's default
   * body limit: twice the book's 6,003-token flood (66 KB), so that a text of the token limit's
   * size is still refused by its tokens.
   */
  public static final AdmissionSettings DEFAULTS = new AdmissionSettings(false, 10, 128 << 10);

  /** Roughly how many bytes of open-mode analyses and refusals are kept by default: 32 MiB. */
  public static final long OPEN_CACHE_BYTES = 32L << 20;

  /** Roughly how many bytes of analysed open-mode texts are kept by default: 16 MiB. */
  public static final long OPEN_TEXT_CACHE_BYTES = 16L << 20;
}
