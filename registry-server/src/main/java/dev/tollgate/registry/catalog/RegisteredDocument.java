package dev.tollgate.registry.catalog;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationNotFoundException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A registered document as the gateway runs it: its exact text and its operations with restored
 * prices. Immutable, so it may be cached for as long as memory allows.
 *
 * @param introspective whether the document selects {@code __schema} or {@code __type}
 */
public record RegisteredDocument(
    DocumentHash hash, String text, List<RegisteredOperation> operations, boolean introspective) {

  public RegisteredDocument {
    operations = List.copyOf(operations);
  }

  /**
   * The operation a request selects: by name, or the only one when no name is given.
   *
   * @throws OperationNotFoundException when the name is unknown, or several operations and no name
   */
  public RegisteredOperation select(@Nullable String operationName) {
    if (operationName == null || operationName.isEmpty()) {
      return only();
    }
    for (RegisteredOperation operation : operations) {
      if (operationName.equals(operation.name())) {
        return operation;
      }
    }
    throw new OperationNotFoundException("Unknown operation named '" + operationName + "'.");
  }

  private RegisteredOperation only() {
    if (operations.size() != 1) {
      throw new OperationNotFoundException(
          "Must provide operation name if query contains multiple operations.");
    }
    return operations.get(0);
  }
}
