package dev.tollgate.registry.catalog;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationNotFoundException;
import dev.tollgate.registry.pricing.OperationSelection;
import dev.tollgate.registry.pricing.PricedOperation;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A registered document as the gateway runs it: its exact text and its operations with restored
 * prices. Immutable, so it may be cached for as long as memory allows.
 *
 * @param introspective whether the document selects {@code __schema} or {@code __type}
 */
public record RegisteredDocument(
    DocumentHash hash, String text, List<PricedOperation> operations, boolean introspective) {

  public RegisteredDocument {
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
}
