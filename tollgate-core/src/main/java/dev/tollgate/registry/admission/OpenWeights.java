package dev.tollgate.registry.admission;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.PricedOperation;

/**
 * Caffeine weighers of the open-mode caches: roughly the bytes an entry retains, so that the caches
 * are bounded by {@code gateway.openCacheBytes} and {@code gateway.openTextCacheBytes} whatever the
 * texts' sizes (issue 10: entries counted by number held a 900 KB text each).
 */
final class OpenWeights {

  /** The key (a 32-byte hash in its object), Caffeine's node and the value's own header. */
  private static final int ENTRY = 160;

  /** An operation of an analysis: its record, name and compiled price's root objects. */
  private static final int OPERATION = 160;

  /** A character of a compiled price's stored form stands for about this many bytes of its tree. */
  private static final int PER_PRICE_CHAR = 8;

  private OpenWeights() {}

  static int analysis(DocumentHash hash, OpenAnalysis analysis) {
    long weight = ENTRY + facts(analysis);
    return (int) Math.min(Integer.MAX_VALUE, weight);
  }

  /** A text held for requests by hash: two bytes a character at most, and its header. */
  static int text(DocumentHash hash, String text) {
    return (int) Math.min(Integer.MAX_VALUE, ENTRY + 2L * text.length());
  }

  private static long facts(OpenAnalysis analysis) {
    if (analysis instanceof OpenAnalysis.Analysed analysed) {
      long weight = 0;
      for (PricedOperation operation : analysed.analysis().operations()) {
        weight +=
            OPERATION
                + PER_PRICE_CHAR * (long) operation.price().serialize().length()
                + 2L * (operation.name() == null ? 0 : operation.name().length());
      }
      return weight;
    }
    if (analysis instanceof OpenAnalysis.TooManyAliases aliases) {
      return 48L * aliases.operations().size();
    }
    if (analysis instanceof OpenAnalysis.Invalid invalid) {
      Refusal refusal = invalid.refusal();
      return 2L * (refusal.message().length() + String.valueOf(refusal.extensions()).length());
    }
    return 64;
  }
}
