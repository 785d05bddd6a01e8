package dev.tollgate.registry.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.Concurrently;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.error.TollgateException;
import dev.tollgate.registry.pricing.OperationKind;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Runs on H2 always and on PostgreSQL when {@code TOLLGATE_TEST_POSTGRES_URL} is set. */
final class RegistryStoreTest {

  private static final InstantSource CLOCK =
      InstantSource.fixed(Instant.parse("2026-11-29T12:00:00Z"));

  @TempDir Path tempDir;

  private final List<AutoCloseable> resources = new ArrayList<>();

  @AfterEach
  void closeResources() throws Exception {
    for (int i = resources.size() - 1; i >= 0; i--) {
      resources.get(i).close();
    }
  }

  /* ---- publish ---- */

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void publish_newVersion_storesDocumentsAndOperations(TestDatabase.Kind kind) {
    RegistryStore store = open(kind);
    NewDocument a = document("query A { a }", "A", "B");
    AtomicInteger changes = new AtomicInteger();
    store.addChangeListener(changes::incrementAndGet);

    PublishOutcome outcome = store.publish(publication("web", "1", a));

    assertThat(outcome.created()).isTrue();
    assertThat(changes).hasValue(1);
    assertThat(store.latestChangeId()).isPositive();
    assertThat(outcome.newDocuments()).containsExactly(a.hash());
    StoredDocument stored = store.findDocument(a.hash()).orElseThrow();
    assertThat(stored.body()).isEqualTo("query A { a }");
    assertThat(stored.created()).isEqualTo(CLOCK.instant());
    assertThat(stored.operations()).isEqualTo(a.operations());
    assertThat(store.activeDocumentApps()).isEqualTo(Map.of(a.hash(), Set.of("web")));
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void findDocument_unknown_empty(TestDatabase.Kind kind) {
    RegistryStore store = open(kind);

    assertThat(store.findDocument(DocumentHash.of("nothing"))).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void publish_sameManifestAgain_noOpWithoutChange(TestDatabase.Kind kind) {
    RegistryStore store = open(kind);
    Publication publication = publication("web", "1", document("query A { a }", "A"));
    store.publish(publication);
    long changeId = store.latestChangeId();

    AtomicInteger changes = new AtomicInteger();
    store.addChangeListener(changes::incrementAndGet);

    PublishOutcome again = store.publish(publication);

    assertThat(again.created()).isFalse();
    assertThat(changes).hasValue(0);
    assertThat(again.newDocuments()).isEmpty();
    assertThat(store.latestChangeId()).isEqualTo(changeId);
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void publish_differentManifestSameVersion_conflictStoresNothing(TestDatabase.Kind kind) {
    RegistryStore store = open(kind);
    store.publish(publication("web", "1", document("query A { a }", "A")));
    NewDocument other = document("query B { b }", "B");

    assertThatThrownBy(() -> store.publish(publication("web", "1", other)))
        .isInstanceOfSatisfying(
            TollgateException.class, e -> assertThat(e.code()).isEqualTo("VERSION_CONFLICT"))
        .hasMessageContaining("web")
        .hasMessageContaining("1");
    assertThat(store.findDocument(other.hash())).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void publish_overlappingDocuments_reusesExistingRows(TestDatabase.Kind kind) {
    RegistryStore store = open(kind);
    NewDocument shared = document("query S { s }", "S");
    NewDocument only = document("query O { o }", "O");
    store.publish(publication("web", "1", shared));

    PublishOutcome outcome = store.publish(publication("ios", "7", shared, only));

    assertThat(outcome.newDocuments()).containsExactly(only.hash());
    assertThat(store.findDocument(shared.hash()).orElseThrow().operations()).hasSize(1);
    assertThat(store.activeDocumentApps().get(shared.hash()))
        .containsExactlyInAnyOrder("web", "ios");
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void publish_failureHalfway_storesNothing(TestDatabase.Kind kind) {
    RegistryStore store = open(kind);
    NewDocument good = document("query G { g }", "G");
    NewDocument tooLongName = document("query T { t }", "T".repeat(5_000));

    assertThatThrownBy(() -> store.publish(publication("web", "1", good, tooLongName)))
        .isNotInstanceOf(TollgateException.class);

    assertThat(store.findDocument(good.hash())).isEmpty();
    assertThat(store.apps()).isEmpty();
    assertThat(store.latestChangeId()).isZero();
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void publish_concurrentOverlappingManifests_allSucceedWithoutDuplicates(TestDatabase.Kind kind)
      throws Exception {
    RegistryStore store = open(kind);
    List<NewDocument> shared = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      shared.add(document("query Q" + i + " { q" + i + " }", "Q" + i, "R" + i));
    }
    int publishers = 6;
    List<Callable<PublishOutcome>> tasks = new ArrayList<>();
    for (int p = 0; p < publishers; p++) {
      List<NewDocument> documents = new ArrayList<>(shared);
      documents.add(document("query Own" + p + " { own }", "Own" + p));
      String app = "app" + p;
      tasks.add(() -> store.publish(new Publication(app, "1", "fingerprint", "test", documents)));
    }

    List<PublishOutcome> outcomes = Concurrently.run(tasks);

    AtomicInteger newShared = new AtomicInteger();
    outcomes.forEach(
        outcome ->
            shared.forEach(
                d -> newShared.addAndGet(outcome.newDocuments().contains(d.hash()) ? 1 : 0)));
    assertThat(newShared).hasValue(shared.size());
    for (NewDocument document : shared) {
      assertThat(store.findDocument(document.hash()).orElseThrow().operations()).hasSize(2);
      assertThat(store.activeDocumentApps().get(document.hash())).hasSize(publishers);
    }
    assertThat(store.apps()).hasSize(publishers);
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void publish_concurrentSameVersion_oneCreatesOthersNoOp(TestDatabase.Kind kind) throws Exception {
    RegistryStore store = open(kind);
    Publication publication =
        publication("web", "1", document("query A { a }", "A"), document("query B { b }", "B"));
    List<Callable<PublishOutcome>> tasks = new ArrayList<>();
    for (int p = 0; p < 4; p++) {
      tasks.add(() -> store.publish(publication));
    }

    List<PublishOutcome> outcomes = Concurrently.run(tasks);

    assertThat(outcomes).filteredOn(PublishOutcome::created).hasSize(1);
    assertThat(store.apps())
        .singleElement()
        .satisfies(app -> assertThat(app.versions()).hasSize(1));
  }

  /* ---- retire ---- */

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void retire_activeVersion_removesOnlyItsAdmission(TestDatabase.Kind kind) {
    RegistryStore store = open(kind);
    NewDocument shared = document("query S { s }", "S");
    NewDocument only = document("query O { o }", "O");
    store.publish(publication("web", "1", shared, only));
    store.publish(publication("web", "2", shared));
    AtomicInteger changes = new AtomicInteger();
    store.addChangeListener(changes::incrementAndGet);
    long before = store.latestChangeId();

    AppVersion retired = store.retire("web", "1", "admin");

    assertThat(retired.status()).isEqualTo(VersionStatus.RETIRED);
    assertThat(retired.retiredBy()).isEqualTo("admin");
    assertThat(store.activeDocumentApps()).containsOnlyKeys(shared.hash());
    assertThat(store.latestChangeId()).isGreaterThan(before);
    assertThat(changes).hasValue(1);
    assertThat(store.findDocument(only.hash())).isPresent();
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void retire_twice_secondChangesNothing(TestDatabase.Kind kind) {
    RegistryStore store = open(kind);
    store.publish(publication("web", "1", document("query A { a }", "A")));
    store.retire("web", "1", "admin");
    long changeId = store.latestChangeId();

    AppVersion again = store.retire("web", "1", "other");

    assertThat(again.retiredBy()).isEqualTo("admin");
    assertThat(store.latestChangeId()).isEqualTo(changeId);
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void retire_unknownVersion_notFound(TestDatabase.Kind kind) {
    RegistryStore store = open(kind);

    assertThatThrownBy(() -> store.retire("web", "9", "admin"))
        .isInstanceOfSatisfying(
            TollgateException.class, e -> assertThat(e.code()).isEqualTo("VERSION_NOT_FOUND"));
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void publish_retiredVersion_refused(TestDatabase.Kind kind) {
    RegistryStore store = open(kind);
    Publication publication = publication("web", "1", document("query A { a }", "A"));
    store.publish(publication);
    store.retire("web", "1", "admin");

    assertThatThrownBy(() -> store.publish(publication))
        .isInstanceOfSatisfying(
            TollgateException.class, e -> assertThat(e.code()).isEqualTo("VERSION_RETIRED"));
  }

  /* ---- reads ---- */

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void findVersion_published_hasDocumentsWithOperations(TestDatabase.Kind kind) {
    RegistryStore store = open(kind);
    NewDocument a = document("query A { a }", "A");
    NewDocument b = document("query B { b } query C { c }", "B", "C");
    store.publish(publication("web", "1", a, b));

    VersionContents contents = store.findVersion("web", "1").orElseThrow();

    assertThat(contents.version().status()).isEqualTo(VersionStatus.ACTIVE);
    assertThat(contents.version().publishedBy()).isEqualTo("test");
    assertThat(contents.documents())
        .extracting(StoredDocument::hash)
        .containsExactlyInAnyOrder(a.hash(), b.hash());
    assertThat(contents.documents()).allSatisfy(d -> assertThat(d.operations()).isNotEmpty());
    assertThat(store.findVersion("web", "2")).isEmpty();
    assertThat(store.existingDocuments(List.of(a.hash(), DocumentHash.of("x"))))
        .containsExactly(a.hash());
  }

  @Test
  void open_afterClose_keepsEverything() {
    NewDocument a = document("query A { a }", "A");
    try (RegistryStore store = TestDatabase.h2(tempDir).open(CLOCK)) {
      store.publish(publication("web", "1", a));
    }

    try (RegistryStore reopened = TestDatabase.h2(tempDir).open(CLOCK)) {
      assertThat(reopened.findDocument(a.hash())).isPresent();
      assertThat(reopened.findVersion("web", "1")).isPresent();
      assertThat(reopened.latestChangeId()).isEqualTo(1);
    }
  }

  /* ---- helpers ---- */

  private RegistryStore open(TestDatabase.Kind kind) {
    TestDatabase database = TestDatabase.create(kind, tempDir);
    resources.add(database);
    RegistryStore store = database.open(CLOCK);
    resources.add(store);
    return store;
  }

  static NewDocument document(String body, String... operationNames) {
    List<StoredOperation> operations = new ArrayList<>();
    for (String name : operationNames) {
      operations.add(
          new StoredOperation(name, OperationKind.QUERY, "price:" + name, 3, 2, 0, 5, "schema"));
    }
    return new NewDocument(DocumentHash.of(body), body, operations);
  }

  private static Publication publication(String app, String version, NewDocument... documents) {
    StringBuilder fingerprint = new StringBuilder();
    for (NewDocument document : documents) {
      fingerprint.append(document.hash().hex());
    }
    return new Publication(
        app, version, DocumentHash.of(fingerprint.toString()).hex(), "test", List.of(documents));
  }
}
