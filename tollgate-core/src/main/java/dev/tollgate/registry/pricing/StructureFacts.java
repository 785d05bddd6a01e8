package dev.tollgate.registry.pricing;

import dev.tollgate.registry.document.FragmentShape;
import dev.tollgate.registry.limit.Facts;

/**
 * What a document's structure measured before validation: the facts the limits of the {@link
 * dev.tollgate.registry.limit.Limit.Phase#DOCUMENT} phase read.
 *
 * @param tokenCount grammar tokens, end of file included
 * @param shape how the document uses fragments
 * @param rootFieldCount the most root fields of an operation ({@link RootFields}), or {@link
 *     Facts#NOT_MEASURED} when measured on the scanned text alone
 */
public record StructureFacts(int tokenCount, FragmentShape shape, int rootFieldCount)
    implements Facts {

  @Override
  public long tokens() {
    return tokenCount;
  }

  @Override
  public long fragments() {
    return shape.fragments();
  }

  @Override
  public long rootFields() {
    return rootFieldCount;
  }
}
