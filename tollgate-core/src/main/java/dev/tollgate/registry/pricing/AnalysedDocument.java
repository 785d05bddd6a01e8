package dev.tollgate.registry.pricing;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A parsed, validated document with every operation priced, and the facts the limits read: its
 * token count, and, when it was analysed under a bound on its structure, the structure's facts.
 *
 * @param structure what the structure measured before validation ({@link StructureFacts}), so that
 *     a cached analysis can be held to another caller's limits; null when no such bound was set
 */
public record AnalysedDocument(
    int tokens, List<PricedOperation> operations, @Nullable StructureFacts structure) {

  public AnalysedDocument {
    operations = List.copyOf(operations);
  }

  /** Analysed under no bound on its structure. */
  public AnalysedDocument(int tokens, List<PricedOperation> operations) {
    this(tokens, operations, null);
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
