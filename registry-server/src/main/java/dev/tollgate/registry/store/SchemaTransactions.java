package dev.tollgate.registry.store;

import java.sql.Timestamp;
import java.util.List;

/**
 * The statements of a schema's publication and of an activation, run inside the store's transaction
 * (and again, from the journal, by a replay). Prices are insert-if-absent: a price under a schema
 * is computed from immutable inputs, so a second computation is the same one.
 */
final class SchemaTransactions {

  static final String PUBLISH_KIND = "schema";
  static final String ACTIVATE_KIND = "activate";

  private SchemaTransactions() {}

  /** Stores the schema and its prices; false, writing nothing, when the schema is stored. */
  static boolean publish(SchemaDao dao, StoredSchema schema, List<SchemaPrice> prices) {
    Timestamp at = Timestamp.from(schema.created());
    if (dao.insertSchemaIfAbsent(schema, at) == 0) {
      return false;
    }
    if (!prices.isEmpty()) {
      dao.insertPricesIfAbsent(prices);
    }
    dao.insertSchemaChange(PUBLISH_KIND, schema.fingerprint(), at);
    return true;
  }

  /** Stores the prices the activation computed, then switches the active schema. */
  static void activate(SchemaDao dao, SchemaActivation activation, List<SchemaPrice> prices) {
    Timestamp at = Timestamp.from(activation.at());
    if (!prices.isEmpty()) {
      dao.insertPricesIfAbsent(prices);
    }
    dao.insertActivation(activation, at);
    dao.insertSchemaChange(ACTIVATE_KIND, activation.fingerprint(), at);
  }
}
