package dev.tollgate.registry.store;

import static dev.tollgate.registry.store.RegistryStoreTest.document;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.Concurrently;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.error.TollgateException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Custom document ids in the store ({@code version_aliases}): stored with their version, one
 * document per alias among an app's active versions, freed by retirement, and kept through a
 * rebuild from the journal. On H2 always and on PostgreSQL when {@code TOLLGATE_TEST_POSTGRES_URL}
 * is set.
 */
final class VersionAliasesTest {

  private static final InstantSource CLOCK =
      InstantSource.fixed(Instant.parse("2026-11-29T12:00:00Z"));
  private static final NewDocument TRACK = document("query Track { a }", "Track");
  private static final NewDocument PORTS = document("query Ports { b }", "Ports");
  // md5-looking Relay ids: 32 hex digits, so never taken for a SHA-256
  private static final String RELAY_TRACK = "0cc175b9c0f1b6a831c399e269772661";
  private static final String RELAY_PORTS = "92eb5ffee6ae2fec3ad71c777531578f";

  @TempDir Path tempDir;

  private final List<AutoCloseable> resources = new ArrayList<>();

  @AfterEach
  void closeResources() throws Exception {
    for (int i = resources.size() - 1; i >= 0; i--) {
      resources.get(i).close();
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void publish_withAliases_activeByAppAndFoundByAlias(TestDatabase.Kind kind) {
    RegistryStore store = open(kind);

    store.publish(
        publication(
            "web",
            "1",
            Map.of(RELAY_TRACK, TRACK.hash(), RELAY_PORTS, PORTS.hash()),
            TRACK,
            PORTS));
    store.publish(publication("ios", "1", Map.of(RELAY_TRACK, PORTS.hash()), PORTS));

    assertThat(store.activeAliases())
        .isEqualTo(
            Map.of(
                RELAY_TRACK, Map.of("web", TRACK.hash(), "ios", PORTS.hash()),
                RELAY_PORTS, Map.of("web", PORTS.hash())));
    assertThat(store.findAliased("web", RELAY_TRACK)).hasValue(TRACK.hash());
    assertThat(store.findAliased("ios", RELAY_TRACK)).hasValue(PORTS.hash());
    assertThat(store.findAliased("android", RELAY_TRACK)).isEmpty();
    assertThat(store.aliasesOf(PORTS.hash()))
        .containsExactly(
            new DocumentAlias("ios", RELAY_TRACK, PORTS.hash()),
            new DocumentAlias("web", RELAY_PORTS, PORTS.hash()));
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void publish_aliasOfOtherDocumentInActiveVersion_aliasConflictAndNothingStored(
      TestDatabase.Kind kind) {
    RegistryStore store = open(kind);
    store.publish(publication("web", "1", Map.of(RELAY_TRACK, TRACK.hash()), TRACK));
    long changes = store.latestChangeId();

    assertThatThrownBy(
            () -> store.publish(publication("web", "2", Map.of(RELAY_TRACK, PORTS.hash()), PORTS)))
        .isInstanceOfSatisfying(
            TollgateException.class,
            e -> {
              assertThat(e.code()).isEqualTo("ALIAS_CONFLICT");
              assertThat(e.errorCode().status()).isEqualTo(409);
            })
        .hasMessageContaining(RELAY_TRACK)
        .hasMessageContaining(TRACK.hash().hex())
        .hasMessageContaining(PORTS.hash().hex());
    assertThat(store.findVersion("web", "2")).isEmpty();
    assertThat(store.findDocument(PORTS.hash())).isEmpty();
    assertThat(store.latestChangeId()).isEqualTo(changes);
    assertThatThrownBy(() -> store.checkAliases("web", Map.of(RELAY_TRACK, PORTS.hash())))
        .hasMessageContaining(RELAY_TRACK);
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void publish_sameAliasSameDocumentInTwoVersions_accepted(TestDatabase.Kind kind) {
    RegistryStore store = open(kind);
    store.publish(publication("web", "1", Map.of(RELAY_TRACK, TRACK.hash()), TRACK));

    PublishOutcome second =
        store.publish(publication("web", "2", Map.of(RELAY_TRACK, TRACK.hash()), TRACK, PORTS));

    assertThat(second.created()).isTrue();
    assertThat(store.activeAliases()).isEqualTo(Map.of(RELAY_TRACK, Map.of("web", TRACK.hash())));
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void retire_lastVersionWithAlias_aliasFreedForAnotherDocument(TestDatabase.Kind kind) {
    RegistryStore store = open(kind);
    store.publish(publication("web", "1", Map.of(RELAY_TRACK, TRACK.hash()), TRACK));

    store.retire("web", "1", "admin");
    store.publish(publication("web", "2", Map.of(RELAY_TRACK, PORTS.hash()), PORTS));

    assertThat(store.activeAliases()).isEqualTo(Map.of(RELAY_TRACK, Map.of("web", PORTS.hash())));
    assertThat(store.findAliased("web", RELAY_TRACK)).hasValue(PORTS.hash());
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void publish_twoConflictingVersionsAtOnce_exactlyOneStored(TestDatabase.Kind kind)
      throws Exception {
    RegistryStore store = open(kind);
    List<Callable<String>> tasks = new ArrayList<>();
    tasks.add(attempt(store, publication("web", "a", Map.of(RELAY_TRACK, TRACK.hash()), TRACK)));
    tasks.add(attempt(store, publication("web", "b", Map.of(RELAY_TRACK, PORTS.hash()), PORTS)));

    List<String> outcomes = Concurrently.run(tasks);

    assertThat(outcomes).containsExactlyInAnyOrder("stored", "ALIAS_CONFLICT");
    assertThat(store.activeAliases().get(RELAY_TRACK)).hasSize(1);
  }

  @Test
  void open_afterUncleanShutdown_aliasesRebuiltFromJournal() throws Exception {
    Path data = tempDir.resolve("data");
    ServerStore files = new ServerStore(data);
    try (RegistryStore store = files.open()) {
      store.publish(publication("web", "1", Map.of(RELAY_TRACK, TRACK.hash()), TRACK));
      store.publish(publication("web", "2", Map.of(RELAY_PORTS, PORTS.hash()), PORTS));
      store.retire("web", "2", "admin");
    }
    Files.writeString(data.resolve("registry.open"), "left by a killed process");

    try (RegistryStore rebuilt = files.open()) {
      assertThat(rebuilt.activeAliases())
          .isEqualTo(Map.of(RELAY_TRACK, Map.of("web", TRACK.hash())));
      assertThat(rebuilt.findVersion("web", "2").orElseThrow().version().status())
          .isEqualTo(VersionStatus.RETIRED);
      // the retired version's alias is still stored: publishing it again for another body is
      // allowed, and for the same body too
      rebuilt.publish(publication("web", "3", Map.of(RELAY_PORTS, TRACK.hash()), TRACK));
      assertThat(rebuilt.findAliased("web", RELAY_PORTS)).hasValue(TRACK.hash());
    }
  }

  @Test
  void open_journalWrittenFromTables_keepsAliases() throws Exception {
    Path data = tempDir.resolve("data");
    ServerStore files = new ServerStore(data);
    try (RegistryStore store = files.open()) {
      store.publish(publication("web", "1", Map.of(RELAY_TRACK, TRACK.hash()), TRACK));
    }
    // no journal: it is written from the tables at the next start, then a rebuild reads it back
    Files.delete(data.resolve("registry.tgj"));
    try (RegistryStore store = files.open()) {
      assertThat(store.activeAliases()).containsKey(RELAY_TRACK);
    }
    Files.writeString(data.resolve("registry.open"), "left by a killed process");

    try (RegistryStore rebuilt = files.open()) {
      assertThat(rebuilt.activeAliases())
          .isEqualTo(Map.of(RELAY_TRACK, Map.of("web", TRACK.hash())));
    }
  }

  /* ---- helpers ---- */

  /** An H2 file store in one data folder, opened again and again. */
  private record ServerStore(Path data) {
    RegistryStore open() {
      return RegistryStore.open(dev.tollgate.registry.store.StoreSettings.h2In(data), CLOCK);
    }
  }

  private static Callable<String> attempt(RegistryStore store, Publication publication) {
    return () -> {
      try {
        store.publish(publication);
        return "stored";
      } catch (TollgateException e) {
        return e.code();
      }
    };
  }

  private RegistryStore open(TestDatabase.Kind kind) {
    TestDatabase database = TestDatabase.create(kind, tempDir);
    resources.add(database);
    RegistryStore store = database.open(CLOCK);
    resources.add(store);
    return store;
  }

  private static Publication publication(
      String app, String version, Map<String, DocumentHash> aliases, NewDocument... documents) {
    StringBuilder fingerprint = new StringBuilder(version);
    for (NewDocument document : documents) {
      fingerprint.append(document.hash().hex());
    }
    return new Publication(
        app,
        version,
        DocumentHash.of(fingerprint.toString()).hex(),
        "test",
        List.of(documents),
        aliases);
  }
}
