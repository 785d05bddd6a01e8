package dev.tollgate.registry.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.document.DocumentHash;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replaceable (SNAPSHOT) version: a different manifest replaces the stored one, the replaced one
 * goes to the version's history, and the journal rebuilds the same after an unclean shutdown.
 * Release versions stay immutable.
 */
final class SnapshotVersionTest {

  private static final Instant AT = Instant.parse("2026-12-01T12:00:00Z");

  @TempDir Path tempDir;

  @Test
  void publish_replaceableVersionOtherManifest_replacesAndRecordsHistory() {
    try (RegistryStore store = open(tempDir.resolve("data"))) {
      store.publish(snapshot("query A { a }", "query B { b }"));

      PublishOutcome outcome = store.publish(snapshot("query B { b }", "query C { c }"));

      assertThat(outcome.created()).isTrue();
      assertThat(documentsOf(store))
          .containsExactlyInAnyOrder(hash("query B { b }"), hash("query C { c }"));
      // A is no longer admitted: no active version holds it
      assertThat(store.activeDocumentApps()).doesNotContainKey(hash("query A { a }"));
      assertThat(store.history("web", "1.0-SNAPSHOT"))
          .singleElement()
          .satisfies(
              entry ->
                  assertThat(entry.manifestFingerprint()).isEqualTo("query A { a }+query B { b }"));
      // a publish and a replacement: two changes for the gateways to pick up
      assertThat(store.latestChangeId()).isEqualTo(2);
    }
  }

  @Test
  void publish_replaceableVersionSameManifest_noOp() {
    try (RegistryStore store = open(tempDir.resolve("data"))) {
      store.publish(snapshot("query A { a }"));

      assertThat(store.publish(snapshot("query A { a }")).created()).isFalse();
      assertThat(store.history("web", "1.0-SNAPSHOT")).isEmpty();
    }
  }

  @Test
  void publish_releaseVersionOtherManifest_stillConflict() {
    try (RegistryStore store = open(tempDir.resolve("data"))) {
      store.publish(JournalTest.publication("web", "1.0", "query A { a }"));

      assertThatThrownBy(
              () -> store.publish(JournalTest.publication("web", "1.0", "query B { b }")))
          .isInstanceOf(StoreException.class)
          .hasMessageContaining("already published with a different manifest");
    }
  }

  @Test
  void publish_replaceableVersionMovesACustomId_theNewManifestsAliasReplacesTheOld() {
    try (RegistryStore store = open(tempDir.resolve("data"))) {
      store.publish(snapshot(Map.of("track", hash("query A { a }")), "query A { a }"));

      // the same custom id now names another body: the version's own old alias is no conflict
      store.checkAliases("web", "1.0-SNAPSHOT", Map.of("track", hash("query B { b }")));
      PublishOutcome outcome =
          store.publish(snapshot(Map.of("track", hash("query B { b }")), "query B { b }"));

      assertThat(outcome.created()).isTrue();
      assertThat(store.findAliased("web", "track")).contains(hash("query B { b }"));
      assertThat(store.history("web", "1.0-SNAPSHOT")).hasSize(1);
    }
  }

  @Test
  void publish_replaceableVersionTakesAnotherVersionsCustomId_aliasConflict() {
    try (RegistryStore store = open(tempDir.resolve("data"))) {
      store.publish(
          new Publication(
              "web",
              "1.0",
              "query A { a }",
              "ci",
              JournalTest.publication("web", "1.0", "query A { a }").documents(),
              Map.of("track", hash("query A { a }"))));

      Map<String, DocumentHash> taken = Map.of("track", hash("query B { b }"));
      assertThatThrownBy(() -> store.checkAliases("web", "1.0-SNAPSHOT", taken))
          .isInstanceOf(StoreException.class)
          .hasMessageContaining("track");
      assertThatThrownBy(() -> store.publish(snapshot(taken, "query B { b }")))
          .isInstanceOf(StoreException.class)
          .hasMessageContaining("track");
    }
  }

  @Test
  void open_afterUncleanShutdown_rebuildsTheReplacement() throws IOException {
    Path data = tempDir.resolve("data");
    try (RegistryStore store = open(data)) {
      store.publish(snapshot("query A { a }"));
      store.publish(snapshot("query B { b }"));
    }
    Files.writeString(data.resolve("registry.open"), "left by a killed process");

    try (RegistryStore store = open(data)) {
      assertThat(documentsOf(store)).containsExactly(hash("query B { b }"));
      assertThat(store.history("web", "1.0-SNAPSHOT")).hasSize(1);
      assertThat(store.activeDocumentApps()).doesNotContainKey(hash("query A { a }"));
    }
  }

  private static Publication snapshot(String... bodies) {
    Publication release = JournalTest.publication("web", "1.0-SNAPSHOT", bodies);
    return new Publication(
        release.app(),
        release.version(),
        release.manifestFingerprint(),
        release.publishedBy(),
        release.documents(),
        true);
  }

  private static Publication snapshot(Map<String, DocumentHash> aliases, String... bodies) {
    Publication release = JournalTest.publication("web", "1.0-SNAPSHOT", bodies);
    return new Publication(
        release.app(),
        release.version(),
        release.manifestFingerprint(),
        release.publishedBy(),
        release.documents(),
        aliases,
        true);
  }

  private static List<DocumentHash> documentsOf(RegistryStore store) {
    return store.findVersion("web", "1.0-SNAPSHOT").orElseThrow().documents().stream()
        .map(StoredDocument::hash)
        .toList();
  }

  private static DocumentHash hash(String body) {
    return DocumentHash.of(body);
  }

  private static RegistryStore open(Path data) {
    return RegistryStore.open(
        dev.tollgate.registry.store.StoreSettings.h2In(data), JournalTest.clock(AT));
  }
}
