package dev.tollgate.registry.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Schema versions in the store: a document reads its price under the active schema, a rollback
 * reads the registration price again, and on H2 the schemas, activations and prices survive an
 * unclean shutdown (rebuilt from the journal) and an export of the tables.
 */
final class SchemaStoreTest {

  private static final Instant AT = Instant.parse("2026-11-29T12:00:00Z");
  private static final String A = "query A { a }";
  private static final String B = "query B { b }";
  private static final String C = "query C { c }";

  @TempDir Path tempDir;

  @Test
  void activate_otherSchema_documentReadsItsPriceThereAndRollbackReadsTheRegistrationPrice() {
    try (RegistryStore store = RegistryStore.open(StoreSettings.h2In(tempDir), clock())) {
      // RegistryStoreTest.document prices every operation "price:<name>" under schema "schema"
      store.publish(JournalTest.publication("web", "1", A));
      store.publishSchema(schema("schema"), List.of());
      store.activateSchema("schema", "ops", false, List.of());
      store.publishSchema(schema("next"), List.of(price("next", "price:next", 9)));

      store.activateSchema("next", "ops", false, List.of());
      StoredOperation underNext = operationOf(store);
      store.activateSchema("schema", "ops", false, List.of());
      StoredOperation rolledBack = operationOf(store);

      assertThat(underNext.price()).isEqualTo("price:next");
      assertThat(underNext.cost()).isEqualTo(9);
      assertThat(underNext.schemaFingerprint()).isEqualTo("next");
      assertThat(rolledBack.price()).isEqualTo("price:Op");
      assertThat(rolledBack.cost()).isEqualTo(3);
      assertThat(store.activeOperations())
          .extracting(operation -> operation.operation().price())
          .containsExactly("price:Op");
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void readActive_documentOfTwoVersionsAndOfARetiredOne_operationsPerVersionTextsOncePerDocument(
      TestDatabase.Kind kind) {
    try (TestDatabase database = TestDatabase.create(kind, tempDir);
        RegistryStore store = database.open(clock())) {
      store.publish(JournalTest.publication("web", "1", A, B));
      store.publish(JournalTest.publication("web", "2", A));
      store.publish(JournalTest.publication("ios", "1", C));
      store.retire("ios", "1", "ops");

      List<String> read = new ArrayList<>();
      int operations =
          store.readActive(
              (active, documents) -> {
                // iterated twice: each iteration reads the snapshot again
                documents.forEach(document -> read.add(document.body()));
                documents.forEach(document -> read.add(document.body()));
                return active.size();
              });

      // web 1 holds A and B, web 2 holds A; ios 1 (C) is retired
      assertThat(operations).isEqualTo(3);
      assertThat(read).containsExactlyInAnyOrder(A, B, A, B);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void readActiveDocuments_documentOfTwoVersionsAndOfARetiredOne_textsOnceThenConnectionReusable(
      TestDatabase.Kind kind) {
    try (TestDatabase database = TestDatabase.create(kind, tempDir);
        RegistryStore store = database.open(clock())) {
      store.publish(JournalTest.publication("web", "1", A, B));
      store.publish(JournalTest.publication("web", "2", A));
      store.publish(JournalTest.publication("ios", "1", C));
      store.retire("ios", "1", "ops");

      List<String> read = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        // more reads than one connection: a connection back from a lazy read serves the next
        read.clear();
        store.readActiveDocuments(
            documents -> {
              documents.forEach(document -> read.add(document.body()));
              return null;
            });
      }

      // web 1 holds A and B, web 2 holds A; ios 1 (C) is retired
      assertThat(read).containsExactlyInAnyOrder(A, B);
      assertThat(store.activeOperations()).hasSize(3);
    }
  }

  @Test
  void uncleanShutdown_schemasActivationsAndPricesRebuiltFromTheJournal() throws IOException {
    Path folder = tempDir.resolve("data");
    try (RegistryStore store = RegistryStore.open(StoreSettings.h2In(folder), clock())) {
      store.publish(JournalTest.publication("web", "1", A));
      store.publishSchema(schema("next"), List.of(price("next", "price:next", 9)));
      store.activateSchema("next", "ops", true, List.of());
    }
    // what a kill -9 leaves: the marker of an open store
    Files.writeString(folder.resolve("registry.open"), "open");

    try (RegistryStore reopened = RegistryStore.open(StoreSettings.h2In(folder), clock())) {
      assertThat(reopened.activeSchemaFingerprint()).contains("next");
      assertThat(reopened.schemas()).containsExactly(schemaAt("next", AT));
      assertThat(reopened.schemaPrices("next")).containsExactly(price("next", "price:next", 9));
      assertThat(operationOf(reopened).price()).isEqualTo("price:next");
      // publish, schema, activate
      assertThat(reopened.latestChangeId()).isEqualTo(3);
    }
  }

  @Test
  void replay_exportOfTablesWithSchemas_rebuildsEqualSchemaTables() {
    List<JournalRecord> records;
    Path original = tempDir.resolve("original");
    try (RegistryStore store = RegistryStore.open(StoreSettings.h2In(original), clock())) {
      store.publishSchema(schema("next"), List.of(price("next", "price:next", 9)));
      store.publish(JournalTest.publication("web", "1", A));
      store.activateSchema("next", "ops", false, List.of());
      store.activateSchema("next", "ops", false, List.of());
      records = store.jdbi().inTransaction(h -> JournalReplay.export(h.attach(RegistryDao.class)));
    }

    try (RegistryStore copy =
        RegistryStore.open(StoreSettings.h2In(tempDir.resolve("copy")), clock())) {
      JournalReplay.replay(copy.jdbi(), records);

      assertThat(records).hasSize(4);
      assertThat(JournalRecord.decode(records.get(0).encode())).isEqualTo(records.get(0));
      assertThat(copy.activeSchemaFingerprint()).contains("next");
      assertThat(copy.schemaPrices("next")).containsExactly(price("next", "price:next", 9));
      assertThat(operationOf(copy).cost()).isEqualTo(9);
      assertThat(copy.latestChangeId()).isEqualTo(4);
    }
  }

  private static StoredOperation operationOf(RegistryStore store) {
    return store.findDocument(DocumentHash.of(A)).orElseThrow().operations().get(0);
  }

  private static StoredSchema schema(String fingerprint) {
    return schemaAt(fingerprint, Instant.EPOCH);
  }

  private static StoredSchema schemaAt(String fingerprint, Instant at) {
    return new StoredSchema(fingerprint, "type Query { a: Int }", "book", 10, "first", "ops", at);
  }

  private static SchemaPrice price(String fingerprint, String price, long cost) {
    return new SchemaPrice(fingerprint, DocumentHash.of(A), 0, true, price, cost, 2);
  }

  private static java.time.InstantSource clock() {
    return JournalTest.clock(AT);
  }
}
