package dev.tollgate.registry.pricing;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** A parsed, validated document with every operation priced, and its token count. */
public record AnalysedDocument(int tokens, List<PricedOperation> operations) {

  public AnalysedDocument {
    operations = List.copyOf(operations);
  }

  /**
   * The operation a request selects: by name, or the only one when no name is given.
   *
   * @throws OperationNotFoundException when the name is unknown, or several operations and no name
   */
  public PricedOperation select(@Nullable String operationName) {
    throw new UnsupportedOperationException("pricing engine: to be built (issue 2)");
  }
}
