package dev.tollgate.registry.pricing;

/**
 * The limits a document is refused by before it is validated: tokens while it is read, aliases on
 * the parsed text (docs/cost-model.md). Depth and cost depend on variables and are the caller's to
 * check on the {@link CompiledPrice}.
 *
 * @param maxTokens grammar tokens, end of file included
 * @param maxAliases aliases of an operation; a document is refused when every operation it holds
 *     has more
 */
public record DocumentLimits(int maxTokens, int maxAliases) {

  public DocumentLimits {
    if (maxTokens < 0) {
      throw new IllegalArgumentException("max tokens must not be negative: " + maxTokens);
    }
    if (maxAliases < 0) {
      throw new IllegalArgumentException("max aliases must not be negative: " + maxAliases);
    }
  }

  /** A token limit only, as registration and the {@code price} command read documents. */
  public static DocumentLimits tokens(int maxTokens) {
    return new DocumentLimits(maxTokens, Integer.MAX_VALUE);
  }
}
