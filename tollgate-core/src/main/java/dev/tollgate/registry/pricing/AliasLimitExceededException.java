package dev.tollgate.registry.pricing;

import dev.tollgate.registry.document.OperationAliases;
import dev.tollgate.registry.limit.Limit;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Every operation of a document has more aliases than the limit, found before validation ({@code
 * MAX_ALIASES_EXCEEDED}). Carries what was measured, so a caller can cache the facts and compare
 * them with other limits: each operation's count and the document's token count.
 */
public final class AliasLimitExceededException extends PricingException {

  private final List<OperationAliases> operations;
  private final int maxAliases;
  private final int tokens;

  AliasLimitExceededException(List<OperationAliases> operations, int maxAliases, int tokens) {
    super(Limit.ALIASES.code(), Limit.ALIASES.message(aliasesOf(operations, null), maxAliases));
    this.operations = List.copyOf(operations);
    this.maxAliases = maxAliases;
    this.tokens = tokens;
  }

  public List<OperationAliases> operations() {
    return operations;
  }

  public int maxAliases() {
    return maxAliases;
  }

  public int tokens() {
    return tokens;
  }

  /** The count of the operation named {@code operationName}, else of the first operation. */
  public static int aliasesOf(List<OperationAliases> operations, @Nullable String operationName) {
    for (OperationAliases operation : operations) {
      if (operationName != null && operationName.equals(operation.name())) {
        return operation.aliases();
      }
    }
    return operations.get(0).aliases();
  }
}
