package dev.tollgate.registry.catalog;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.pricing.CompiledPrice;
import java.util.function.Function;

/**
 * The prices the catalog restored lately, by their stored text, so that documents whose operations
 * have the same price hold one instance: a compiled price is immutable, and registries hold many
 * operations of the same shape (357 distinct prices among the 100,000 operations of {@code
 * MemoryFootprint}, each about 270 bytes restored). Bounded by count: a price not held is restored
 * again, and held by whoever restored it.
 */
final class SharedPrices {

  /** At most this many prices are held for sharing (their texts are a few hundred bytes). */
  static final int SIZE = 10_000;

  private final Function<String, CompiledPrice> restorer;
  private final Cache<String, CompiledPrice> prices =
      Caffeine.newBuilder().maximumSize(SIZE).build();

  SharedPrices(Function<String, CompiledPrice> restorer) {
    this.restorer = restorer;
  }

  /** The price stored as {@code serialized}: one restored before if held, else restored now. */
  CompiledPrice restore(String serialized) {
    return prices.get(serialized, restorer);
  }

  /** Forgets every price: the catalog's schema may have changed, and with it the restorer's. */
  void clear() {
    prices.invalidateAll();
  }
}
