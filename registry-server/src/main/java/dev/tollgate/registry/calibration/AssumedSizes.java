package dev.tollgate.registry.calibration;

import dev.tollgate.registry.pricing.CostDirectives.Price;
import dev.tollgate.registry.pricing.ListObservation;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.SchemaPrices;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The list size an estimate used for one observed list: the slicing argument's value when the
 * request gave one, else the field's {@code assumedSize}, else the model's default page. Built once
 * per active schema from its price list.
 */
final class AssumedSizes {

  private final Supplier<OperationPricer> pricer;
  private volatile @Nullable Built built;

  AssumedSizes(Supplier<OperationPricer> pricer) {
    this.pricer = pricer;
  }

  long sizeOf(ListObservation list) {
    if (list.requested() != null) {
      return Math.max(0, list.requested());
    }
    Built current = current();
    Integer assumed = current.sizes().get(list.coordinate());
    return assumed != null ? assumed : current.defaultSize();
  }

  void clear() {
    built = null;
  }

  private Built current() {
    OperationPricer active = pricer.get();
    Built current = built;
    if (current != null && current.pricer() == active) {
      return current;
    }
    Map<String, Integer> sizes = new HashMap<>();
    for (Price price : SchemaPrices.of(active.schema())) {
      if (price.listSize() != null && price.listSize().assumedSize() != null) {
        sizes.put(price.coordinate(), price.listSize().assumedSize());
      }
    }
    current = new Built(active, Map.copyOf(sizes), active.model().defaultListSize());
    built = current;
    return current;
  }

  private record Built(OperationPricer pricer, Map<String, Integer> sizes, int defaultSize) {}
}
