package dev.tollgate.registry.store;

import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.store.internal.Rows.ActiveOperationRow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

  static List<ActiveOperation> activeOperations(SchemaDao dao) {
    List<ActiveOperationRow> rows = dao.activeOperations();
    Optional<String> active = dao.activeFingerprint();
    Map<String, SchemaPrice> prices = new HashMap<>();
    if (active.isPresent()) {
      dao.pricesOf(active.get()).forEach(price -> prices.put(key(price), price));
    }
    List<ActiveOperation> operations = new ArrayList<>(rows.size());
    for (ActiveOperationRow row : rows) {
      StoredOperation operation = row.operation();
      if (active.isPresent() && !operation.schemaFingerprint().equals(active.get())) {
        operation = apply(operation, prices.get(row.documentId().hex() + "/" + row.ordinal()));
      }
      operations.add(
          new ActiveOperation(
              row.app(),
              row.version(),
              row.documentId(),
              row.ordinal(),
              row.operation().schemaFingerprint(),
              operation));
    }
    return operations;
  }

  private static boolean allUnder(String fingerprint, List<StoredOperation> operations) {
    for (StoredOperation operation : operations) {
      if (!operation.schemaFingerprint().equals(fingerprint)) {
        return false;
      }
    }
    return true;
  }

  private static StoredOperation apply(
      StoredOperation operation, @org.jspecify.annotations.Nullable SchemaPrice price) {
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

  private static String key(SchemaPrice price) {
    return price.documentId().hex() + "/" + price.ordinal();
  }
}
