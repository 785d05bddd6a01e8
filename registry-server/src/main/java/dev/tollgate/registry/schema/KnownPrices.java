package dev.tollgate.registry.schema;

import dev.tollgate.registry.store.ActiveOperation;
import dev.tollgate.registry.store.RegistryStore;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What an activation needs of the prices stored under a schema, read one at a time: which
 * operations have a valid price, and the serialised refusal of those that do not validate (for
 * their errors). A million prices are held as keys, not as their rows and texts.
 */
final class KnownPrices {

  private final Set<PriceKey> valid = new HashSet<>();
  private final Map<PriceKey, String> refused = new HashMap<>();

  private KnownPrices() {}

  static KnownPrices of(RegistryStore store, String fingerprint) {
    KnownPrices known = new KnownPrices();
    store.forEachSchemaPrice(
        fingerprint,
        price -> {
          PriceKey key = new PriceKey(price.documentId(), price.ordinal());
          if (price.valid()) {
            known.valid.add(key);
          } else {
            known.refused.put(key, price.price());
          }
        });
    return known;
  }

  /** The stored refusal of {@code operation}; null when its price is valid or not stored. */
  @Nullable String refusal(ActiveOperation operation) {
    return refused.get(key(operation));
  }

  /** Whether a price of {@code operation} is stored, valid or not. */
  boolean has(ActiveOperation operation) {
    PriceKey key = key(operation);
    return valid.contains(key) || refused.containsKey(key);
  }

  private static PriceKey key(ActiveOperation operation) {
    return new PriceKey(operation.documentId(), operation.ordinal());
  }
}
