package dev.tollgate.registry.pricing;

import dev.tollgate.registry.document.FragmentShape;
import dev.tollgate.registry.error.ErrorCode;
import org.jspecify.annotations.Nullable;

/**
 * A document's fragments are over a bound before validation: too many definitions or too many
 * fields once expanded ({@code MAX_FRAGMENTS_EXCEEDED}), or spreads nested deeper than the depth
 * limit ({@code MAX_DEPTH_EXCEEDED}). Carries what was measured, so a caller can cache the facts
 * and compare them with other limits.
 */
public final class FragmentLimitExceededException extends PricingException {

  private final FragmentShape shape;
  private final int tokens;

  private FragmentLimitExceededException(
      ErrorCode code, String message, FragmentShape shape, int tokens) {
    super(code, message);
    this.shape = shape;
    this.tokens = tokens;
  }

  /**
   * The refusal of the first bound {@code shape} breaches (definitions, spread depth, expanded
   * fields), or null.
   */
  public static @Nullable FragmentLimitExceededException breach(
      FragmentShape shape, DocumentLimits limits, int tokens) {
    if (shape.fragments() > limits.maxFragments()) {
      return new FragmentLimitExceededException(
          ErrorCode.MAX_FRAGMENTS_EXCEEDED,
          shape.fragments() + " fragments found. Allowed: " + limits.maxFragments(),
          shape,
          tokens);
    }
    if (shape.spreadDepth() > limits.maxSpreadDepth()) {
      return new FragmentLimitExceededException(
          ErrorCode.MAX_DEPTH_EXCEEDED,
          "maximum fragment spread depth exceeded "
              + shape.spreadDepth()
              + " > "
              + limits.maxSpreadDepth(),
          shape,
          tokens);
    }
    if (shape.expandedFields() > limits.maxExpandedFields()) {
      return new FragmentLimitExceededException(
          ErrorCode.MAX_FRAGMENTS_EXCEEDED,
          "the document expands to "
              + shape.expandedFields()
              + " fields through its fragments. Allowed: "
              + limits.maxExpandedFields(),
          shape,
          tokens);
    }
    return null;
  }

  public FragmentShape shape() {
    return shape;
  }

  /** The document's token count, end of file included. */
  public int tokens() {
    return tokens;
  }
}
