package dev.tollgate.registry.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Schema versions (issue 13): stored schemas, the active one, and the prices computed under each
 * for operations registered under another. Documented where {@link RegistryStore} offers it.
 */
final class SchemaStore {

  private final StoreTransactions transactions;

  SchemaStore(StoreTransactions transactions) {
    this.transactions = transactions;
  }

  StoredSchema publishSchema(StoredSchema schema, List<SchemaPrice> prices) {
    return transactions.write(
        dao -> {
          Optional<StoredSchema> stored = dao.findSchema(schema.fingerprint());
          if (stored.isPresent()) {
            return stored.get();
          }
          StoredSchema dated =
              new StoredSchema(
                  schema.fingerprint(),
                  schema.sdl(),
                  schema.model(),
                  schema.defaultListSize(),
                  schema.fragmentSpreads(),
                  schema.publishedBy(),
                  transactions.now().toInstant());
          SchemaTransactions.publish(dao, dated, prices);
          transactions.journal(new JournalRecord.SchemaPublished(dated, prices));
          return dated;
        });
  }

  SchemaActivation activateSchema(
      String fingerprint, String activatedBy, boolean forced, List<SchemaPrice> prices) {
    SchemaActivation activation =
        transactions.write(
            dao -> {
              SchemaActivation made =
                  new SchemaActivation(
                      fingerprint, activatedBy, forced, transactions.now().toInstant());
              SchemaTransactions.activate(dao, made, prices);
              transactions.journal(new JournalRecord.SchemaActivated(made, prices));
              return made;
            });
    transactions.notifyListeners();
    return activation;
  }

  Optional<StoredSchema> findSchema(String fingerprint) {
    return transactions.read(dao -> dao.findSchema(fingerprint));
  }

  List<StoredSchema> schemas() {
    return transactions.read(RegistryDao::schemas);
  }

  Optional<String> activeSchemaFingerprint() {
    return transactions.read(RegistryDao::activeFingerprint);
  }

  List<SchemaPrice> schemaPrices(String fingerprint) {
    return transactions.read(dao -> dao.pricesOf(fingerprint));
  }

  void forEachSchemaPrice(String fingerprint, Consumer<SchemaPrice> each) {
    transactions.read(
        dao -> {
          try (Stream<SchemaPrice> prices = dao.streamPricesOf(fingerprint)) {
            prices.forEach(each);
          }
          return Boolean.TRUE; // read answers a value
        });
  }

  List<ActiveOperation> activeOperations() {
    return transactions.readInTransaction(ActivePrices::activeOperations);
  }

  <T> T readActiveDocuments(Function<Iterable<ActiveDocument>, T> read) {
    return transactions.readStreaming(
        dao -> {
          try (Stream<ActiveDocument> documents = dao.activeDocuments()) {
            return read.apply(documents::iterator);
          }
        });
  }

  <T> T readActive(ActiveRead<T> read) {
    return transactions.readInTransaction(
        dao -> {
          List<ActiveOperation> operations = ActivePrices.activeOperations(dao);
          List<Stream<ActiveDocument>> opened = new ArrayList<>();
          Iterable<ActiveDocument> documents =
              () -> {
                Stream<ActiveDocument> stream = dao.activeDocuments();
                opened.add(stream);
                return stream.iterator();
              };
          try {
            return read.apply(operations, documents);
          } finally {
            opened.forEach(Stream::close);
          }
        });
  }
}
