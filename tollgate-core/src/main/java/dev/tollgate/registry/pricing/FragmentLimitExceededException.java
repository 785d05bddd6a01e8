package dev.tollgate.registry.pricing;

import dev.tollgate.registry.document.FragmentShape;
import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.limit.Limit;
import org.jspecify.annotations.Nullable;

/**
 * A document's structure is over a bound before validation: a limit of the {@link
 * Limit.Phase#DOCUMENT} phase (too many fragment definitions, {@code MAX_FRAGMENTS_EXCEEDED}; too
 * many root fields, {@code MAX_ROOT_FIELDS_EXCEEDED}), too many fields once its fragments are
 * expanded ({@code MAX_FRAGMENTS_EXCEEDED}), or spreads nested deeper than the depth limit ({@code
 * MAX_DEPTH_EXCEEDED}). Carries what was measured, so a caller can cache the facts and compare them
 * with other limits.
 */
public final class FragmentLimitExceededException extends PricingException {

  private final StructureFacts facts;

  private FragmentLimitExceededException(ErrorCode code, String message, StructureFacts facts) {
    super(code, message);
    this.facts = facts;
  }

  /**
   * The refusal of the first bound {@code facts} breach (the table's limits of the document phase,
   * then spread depth, then expanded fields), or null.
   */
  public static @Nullable FragmentLimitExceededException breach(
      StructureFacts facts, DocumentLimits limits) {
    for (Limit limit : Limit.all()) {
      if (limit.phase() == Limit.Phase.DOCUMENT && limit.breachedBy(facts, limits.max(limit))) {
        return new FragmentLimitExceededException(
            limit.code(), limit.message(limit.fact(facts), limits.max(limit)), facts);
      }
    }
    FragmentShape shape = facts.shape();
    if (shape.spreadDepth() > limits.maxSpreadDepth()) {
      return new FragmentLimitExceededException(
          ErrorCode.MAX_DEPTH_EXCEEDED,
          "maximum fragment spread depth exceeded "
              + shape.spreadDepth()
              + " > "
              + limits.maxSpreadDepth(),
          facts);
    }
    if (shape.expandedFields() > limits.maxExpandedFields()) {
      return new FragmentLimitExceededException(
          ErrorCode.MAX_FRAGMENTS_EXCEEDED,
          "the document expands to "
              + shape.expandedFields()
              + " fields through its fragments. Allowed: "
              + limits.maxExpandedFields(),
          facts);
    }
    return null;
  }

  /** Everything measured of the structure, for a cache to decide other limits by. */
  public StructureFacts facts() {
    return facts;
  }

  public FragmentShape shape() {
    return facts.shape();
  }

  /** The document's token count, end of file included. */
  public int tokens() {
    return facts.tokenCount();
  }
}
