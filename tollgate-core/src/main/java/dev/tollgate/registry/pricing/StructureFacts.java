package dev.tollgate.registry.pricing;

import dev.tollgate.registry.document.FragmentShape;
import dev.tollgate.registry.limit.Facts;

/**
 * What a document's structure measured before validation: the facts the limits of the {@link
 * dev.tollgate.registry.limit.Limit.Phase#DOCUMENT} phase read.
 *
 * @param tokenCount grammar tokens, end of file included
 * @param shape how the document uses fragments
 */
public record StructureFacts(int tokenCount, FragmentShape shape) implements Facts {

  @Override
  public long tokens() {
    return tokenCount;
  }

  @Override
  public long fragments() {
    return shape.fragments();
  }
}
