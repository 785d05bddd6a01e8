package dev.tollgate.registry.pricing;

import dev.tollgate.registry.limit.Limit;
import java.util.function.ToLongFunction;

/**
 * The limits a document is refused by before it is validated, keyed by the {@link Limit} table:
 * tokens while it is read ({@link Limit.Phase#TEXT}); then, on the text's structure, the limits of
 * {@link Limit.Phase#DOCUMENT} (fragments, root fields) and two bounds derived from other limits
 * (how deeply spreads nest, how many fields the operations expand to), which bound what
 * graphql-java's validator is given; then the limits of {@link Limit.Phase#OPERATION} (aliases), by
 * which a document is refused when every operation it holds breaches them (docs/cost-model.md).
 * Depth and cost depend on variables and are the caller's to check on the {@link CompiledPrice}.
 */
public final class DocumentLimits {

  private final long[] max;
  private final int maxSpreadDepth;
  private final int maxExpandedFields;

  private DocumentLimits(long[] max, int maxSpreadDepth, int maxExpandedFields) {
    for (Limit limit : Limit.all()) {
      requireNotNegative(limit.key(), max[limit.ordinal()]);
    }
    requireNotNegative("spread depth", maxSpreadDepth);
    requireNotNegative("expanded fields", maxExpandedFields);
    this.max = max;
    this.maxSpreadDepth = maxSpreadDepth;
    this.maxExpandedFields = maxExpandedFields;
  }

  /**
   * The value {@code max} gives each limit checked before validation; the others are not read.
   *
   * @param maxSpreadDepth nested fragment spreads along any path of an operation
   * @param maxExpandedFields fields of the operations once every spread is replaced by its fragment
   */
  public static DocumentLimits of(
      ToLongFunction<Limit> max, int maxSpreadDepth, int maxExpandedFields) {
    long[] values = new long[Limit.all().size()];
    for (Limit limit : Limit.all()) {
      values[limit.ordinal()] =
          limit.phase() == Limit.Phase.PRICE ? limit.maximum() : max.applyAsLong(limit);
    }
    return new DocumentLimits(values, maxSpreadDepth, maxExpandedFields);
  }

  /**
   * Tokens, aliases and fragments as given; any other limit off.
   *
   * @param maxTokens grammar tokens, end of file included
   * @param maxAliases aliases of an operation; a document is refused when every operation it holds
   *     has more
   * @param maxFragments fragment definitions of the document
   * @param maxSpreadDepth nested fragment spreads along any path of an operation
   * @param maxExpandedFields fields of the operations once every spread is replaced by its fragment
   */
  public DocumentLimits(
      int maxTokens, int maxAliases, int maxFragments, int maxSpreadDepth, int maxExpandedFields) {
    this(values(maxTokens, maxAliases, maxFragments), maxSpreadDepth, maxExpandedFields);
  }

  /** Tokens and aliases only: fragments unbounded. */
  public DocumentLimits(int maxTokens, int maxAliases) {
    this(maxTokens, maxAliases, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);
  }

  /** A token limit only, as registration and the {@code price} command read documents. */
  public static DocumentLimits tokens(int maxTokens) {
    return new DocumentLimits(maxTokens, Integer.MAX_VALUE);
  }

  private static long[] values(int maxTokens, int maxAliases, int maxFragments) {
    requireNotNegative("tokens", maxTokens);
    requireNotNegative("aliases", maxAliases);
    requireNotNegative("fragments", maxFragments);
    long[] values = new long[Limit.all().size()];
    for (Limit limit : Limit.all()) {
      values[limit.ordinal()] = limit.maximum();
    }
    values[Limit.TOKENS.ordinal()] = maxTokens;
    values[Limit.ALIASES.ordinal()] = maxAliases;
    values[Limit.FRAGMENTS.ordinal()] = maxFragments;
    return values;
  }

  /** The bound on {@code limit}; a limit of {@link Limit.Phase#PRICE} is not checked here. */
  public long max(Limit limit) {
    return max[limit.ordinal()];
  }

  public int maxTokens() {
    return (int) Math.min(max(Limit.TOKENS), Integer.MAX_VALUE);
  }

  public int maxSpreadDepth() {
    return maxSpreadDepth;
  }

  public int maxExpandedFields() {
    return maxExpandedFields;
  }

  /** Whether {@code limit} bounds anything, rather than being at its highest value. */
  boolean bounds(Limit limit) {
    return max(limit) < limit.maximum();
  }

  /** Whether any bound on the structure is set: so the structure must be measured. */
  public boolean boundsStructure() {
    for (Limit limit : Limit.all()) {
      if (limit.phase() == Limit.Phase.DOCUMENT && bounds(limit)) {
        return true;
      }
    }
    return maxSpreadDepth != Integer.MAX_VALUE || maxExpandedFields != Integer.MAX_VALUE;
  }

  /** Whether any limit on each operation is set: so the operations must be measured. */
  boolean boundsOperations() {
    for (Limit limit : Limit.all()) {
      if (limit.phase() == Limit.Phase.OPERATION && bounds(limit)) {
        return true;
      }
    }
    return false;
  }

  private static void requireNotNegative(String what, long value) {
    if (value < 0) {
      throw new IllegalArgumentException("max " + what + " must not be negative: " + value);
    }
  }
}
