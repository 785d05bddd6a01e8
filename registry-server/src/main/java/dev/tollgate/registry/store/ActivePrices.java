package dev.tollgate.registry.store;

import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.store.internal.Rows.ActiveOperationRow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Operations as the active schema prices them: an operation registered under another schema takes
 * its price under the active one from {@code operation_prices}; with none stored there (a registry
 * from before schema versions), it keeps the price it was registered with.
 */
final class ActivePrices {

  private ActivePrices() {}

  static List<StoredOperation> of(
      SchemaDao dao, DocumentHash document, List<StoredOperation> operations) {
    Optional<String> active = dao.activeFingerprint();
    if (active.isEmpty() || allUnder(active.get(), operations)) {
      return operations;
    }
    Map<Integer, SchemaPrice> prices = new HashMap<>();
    dao.pricesOf(active.get(), document).forEach(price -> prices.put(price.ordinal(), price));
    List<StoredOperation> priced = new ArrayList<>(operations.size());
    for (int ordinal = 0; ordinal < operations.size(); ordinal++) {
      priced.add(apply(operations.get(ordinal), prices.get(ordinal)));
    }
    return priced;
  }

  /**
   * The active operations, their strings shared by value ({@link StringPool}): a million of them
   * carry a few apps, versions and fingerprints, and prices that repeat by shape.
   */
  static List<ActiveOperation> activeOperations(SchemaDao dao) {
    Optional<String> active = dao.activeFingerprint();
    Pools strings = new Pools();
    Map<PriceKey, SchemaPrice> prices = new HashMap<>();
    if (active.isPresent()) {
      try (Stream<SchemaPrice> stored = dao.streamPricesOf(active.get())) {
        stored.forEach(price -> prices.put(key(price), shared(price, strings)));
      }
    }
    List<ActiveOperation> operations = new ArrayList<>();
    try (Stream<ActiveOperationRow> rows = dao.activeOperations()) {
      rows.forEach(row -> operations.add(active(row, active, prices, strings)));
    }
    return operations;
  }

  private static ActiveOperation active(
      ActiveOperationRow row,
      Optional<String> active,
      Map<PriceKey, SchemaPrice> prices,
      Pools strings) {
    StoredOperation registered = row.operation();
    String registeredUnder = strings.labels.share(registered.schemaFingerprint());
    SchemaPrice price =
        active.isPresent() && !registeredUnder.equals(active.get())
            ? prices.get(new PriceKey(row.documentId(), row.ordinal()))
            : null;
    return new ActiveOperation(
        strings.labels.share(row.app()),
        strings.labels.share(row.version()),
        row.documentId(),
        row.ordinal(),
        registeredUnder,
        shared(registered, price, strings));
  }

  /** {@code price} with its strings taken from {@code strings}. */
  private static SchemaPrice shared(SchemaPrice price, Pools strings) {
    return new SchemaPrice(
        strings.labels.share(price.schemaFingerprint()),
        price.documentId(),
        price.ordinal(),
        price.valid(),
        strings.prices.share(price.price()),
        price.cost(),
        price.depth());
  }

  /**
   * {@code operation} with {@code price} applied if any, its strings taken from {@code strings}.
   */
  private static StoredOperation shared(
      StoredOperation operation, @Nullable SchemaPrice price, Pools strings) {
    StoredOperation priced = apply(operation, price);
    return new StoredOperation(
        strings.names.shareNullable(priced.name()),
        priced.kind(),
        strings.prices.share(priced.price()),
        priced.cost(),
        priced.depth(),
        priced.aliases(),
        priced.tokens(),
        strings.labels.share(priced.schemaFingerprint()));
  }

  private static boolean allUnder(String fingerprint, List<StoredOperation> operations) {
    for (StoredOperation operation : operations) {
      if (!operation.schemaFingerprint().equals(fingerprint)) {
        return false;
      }
    }
    return true;
  }

  private static StoredOperation apply(StoredOperation operation, @Nullable SchemaPrice price) {
    if (price == null) {
      return operation;
    }
    return new StoredOperation(
        operation.name(),
        operation.kind(),
        price.price(),
        price.cost(),
        price.depth(),
        operation.aliases(),
        operation.tokens(),
        price.schemaFingerprint());
  }

  private static PriceKey key(SchemaPrice price) {
    return new PriceKey(price.documentId(), price.ordinal());
  }

  /**
   * A pool for each kind of string, so that a registry of distinct names or prices does not fill
   * the pool of its apps and versions.
   */
  private record Pools(StringPool labels, StringPool prices, StringPool names) {
    Pools() {
      this(
          new StringPool(StringPool.REPRICING_CAPACITY),
          new StringPool(StringPool.REPRICING_CAPACITY),
          new StringPool(StringPool.REPRICING_CAPACITY));
    }
  }

  /** Where a price is stored: an operation of a document. */
  private record PriceKey(DocumentHash documentId, int ordinal) {}
}
