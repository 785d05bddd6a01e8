package dev.tollgate.registry.pricing;

/**
 * The limits a document is refused by before it is validated: tokens while it is read; then, on the
 * text's selection structure, its fragments (how many, how deeply spreads nest, how many fields the
 * operations expand to), which bound what graphql-java's validator is given; then aliases
 * (docs/cost-model.md). Depth and cost depend on variables and are the caller's to check on the
 * {@link CompiledPrice}.
 *
 * @param maxTokens grammar tokens, end of file included
 * @param maxAliases aliases of an operation; a document is refused when every operation it holds
 *     has more
 * @param maxFragments fragment definitions of the document
 * @param maxSpreadDepth nested fragment spreads along any path of an operation
 * @param maxExpandedFields fields of the operations once every spread is replaced by its fragment
 */
public record DocumentLimits(
    int maxTokens, int maxAliases, int maxFragments, int maxSpreadDepth, int maxExpandedFields) {

  public DocumentLimits {
    requireNotNegative("max tokens", maxTokens);
    requireNotNegative("max aliases", maxAliases);
    requireNotNegative("max fragments", maxFragments);
    requireNotNegative("max spread depth", maxSpreadDepth);
    requireNotNegative("max expanded fields", maxExpandedFields);
  }

  /** Tokens and aliases only: fragments unbounded. */
  public DocumentLimits(int maxTokens, int maxAliases) {
    this(maxTokens, maxAliases, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);
  }

  /** A token limit only, as registration and the {@code price} command read documents. */
  public static DocumentLimits tokens(int maxTokens) {
    return new DocumentLimits(maxTokens, Integer.MAX_VALUE);
  }

  /** Whether any of the fragment bounds is set. */
  boolean boundsFragments() {
    return maxFragments != Integer.MAX_VALUE
        || maxSpreadDepth != Integer.MAX_VALUE
        || maxExpandedFields != Integer.MAX_VALUE;
  }

  private static void requireNotNegative(String what, int value) {
    if (value < 0) {
      throw new IllegalArgumentException(what + " must not be negative: " + value);
    }
  }
}
