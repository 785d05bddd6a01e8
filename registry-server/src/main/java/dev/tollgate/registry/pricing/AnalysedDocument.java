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
    if (operationName == null || operationName.isEmpty()) {
      return only();
    }
    for (PricedOperation operation : operations) {
      if (operationName.equals(operation.name())) {
        return operation;
      }
    }
    throw new OperationNotFoundException("Unknown operation named '" + operationName + "'.");
  }

  private PricedOperation only() {
    if (operations.size() != 1) {
      throw new OperationNotFoundException("Must provide operation name if query contains multiple "
          + "operations: " + names() + ".");
    }
    return operations.get(0);
  }

  /** The operations' names in document order, {@code <anonymous>} for unnamed ones. */
  public List<String> names() {
    return operations.stream()
        .map(o -> o.name() == null ? "<anonymous>" : o.name())
        .toList();
  }
}
