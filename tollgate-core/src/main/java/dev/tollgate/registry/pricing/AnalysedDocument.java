package dev.tollgate.registry.pricing;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** A parsed, validated document with every operation priced, and its token count. */
public record AnalysedDocument(int tokens, List<PricedOperation> operations) {

  public AnalysedDocument {
    operations = List.copyOf(operations);
  }

  /**
   * The operation a request selects ({@link OperationSelection}).
   *
   * @throws OperationNotFoundException when the name is unknown, or several operations and no name
   */
  public PricedOperation select(@Nullable String operationName) {
    return OperationSelection.select(operations, PricedOperation::name, operationName);
  }

  /** The operations' names in document order, {@code <anonymous>} for unnamed ones. */
  public List<String> names() {
    return operations.stream().map(o -> o.name() == null ? "<anonymous>" : o.name()).toList();
  }
}
