package dev.tollgate.registry.catalog;

import dev.tollgate.registry.pricing.Measure;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.pricing.PricedOperation;
import org.jspecify.annotations.Nullable;

/**
 * One operation of a registered document as priced at registration.
 *
 * @param name {@code null} for an anonymous operation
 * @param price the compiled price expression in its serialised form ({@code
 *     CompiledPrice#serialize})
 * @param cost the cost at default variables
 * @param depth the depth at default variables
 * @param schemaFingerprint SHA-256 of the schema text the price was computed against
 */
public record StoredOperation(
    @Nullable String name,
    OperationKind kind,
    String price,
    long cost,
    int depth,
    int aliases,
    int tokens,
    String schemaFingerprint) {

  /**
   * {@code operation} as registration stores it: its price serialised, its cost and depth at
   * default variables.
   *
   * @param tokens the token count of the whole document
   */
  public static StoredOperation of(
      PricedOperation operation, int tokens, String schemaFingerprint) {
    Measure defaults = operation.price().atDefaults();
    return new StoredOperation(
        operation.name(),
        operation.kind(),
        operation.price().serialize(),
        defaults.cost(),
        defaults.depth(),
        operation.aliases(),
        tokens,
        schemaFingerprint);
  }
}
