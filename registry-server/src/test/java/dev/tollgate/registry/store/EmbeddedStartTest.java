package dev.tollgate.registry.store;

import static dev.tollgate.registry.store.JournalTest.clock;
import static dev.tollgate.registry.store.JournalTest.publication;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An H2 data folder whose database file cannot be trusted still opens with every journaled
 * publication and retirement; a clean one is opened as it is. On today's main a deleted, cut or
 * overwritten {@code registry.mv.db} loses everything or does not open.
 */
final class EmbeddedStartTest {

  private static final Instant AT = Instant.parse("2026-11-29T12:00:00Z");

  @TempDir Path tempDir;

  @ParameterizedTest(name = "database file {0}")
  @ValueSource(strings = {"deleted", "truncated", "garbage"})
  void open_databaseFileDamaged_holdsEveryJournaledChange(String damage) throws IOException {
    Path data = tempDir.resolve("data");
    publishSample(data);
    Path database = data.resolve("registry.mv.db");
    switch (damage) {
      case "deleted" -> Files.delete(database);
      case "truncated" -> {
        try (RandomAccessFile raw = new RandomAccessFile(database.toFile(), "rw")) {
          raw.setLength(raw.length() / 3);
        }
      }
      default -> Files.write(database, new byte[64 * 1024]); // zeros where H2's header was
    }

    try (RegistryStore store = open(data);
        RegistryStore expected = open(sampleCopy())) {
      JournalTest.assertSameTables(store, expected);
    }
  }

  @Test
  void open_uncleanShutdownMarker_fileOpenedAsLeftAndNothingKept() throws IOException {
    Path data = tempDir.resolve("data");
    publishSample(data);
    killed(data);

    try (RegistryStore store = open(data);
        RegistryStore expected = open(sampleCopy())) {
      assertThat(Objects.requireNonNull(store.journal()).opening())
          .isEqualTo(new StoreJournal.Opening("as it was left", 0));
      JournalTest.assertSameTables(store, expected);
    }
    assertThat(kept(data)).isEmpty();
    assertThat(data.resolve("registry.open")).doesNotExist();
  }

  @Test
  void open_uncleanShutdownBeforeARestartOfTheSystem_fileNotTrustedRebuilt() throws IOException {
    Path data = tempDir.resolve("data");
    publishSample(data);
    // a marker written by a process of another boot: power loss may have cost the file writes
    Files.writeString(
        data.resolve("registry.open"),
        "open by process 4242 since 2026-11-29T12:00:00Z on boot 0000-another-boot");

    try (RegistryStore store = open(data);
        RegistryStore expected = open(sampleCopy())) {
      assertThat(Objects.requireNonNull(store.journal()).opening())
          .isEqualTo(new StoreJournal.Opening("the journal", 4));
      JournalTest.assertSameTables(store, expected);
    }
    assertThat(kept(data)).hasSize(1);
  }

  @Test
  void open_uncleanShutdownDatabaseFileDamaged_rebuiltAndPreviousFileKept() throws IOException {
    Path data = tempDir.resolve("data");
    publishSample(data);
    Files.write(data.resolve("registry.mv.db"), new byte[64 * 1024]); // H2's header zeroed
    killed(data);

    try (RegistryStore store = open(data);
        RegistryStore expected = open(sampleCopy())) {
      // three publications and one retirement, no checkpoint
      assertThat(Objects.requireNonNull(store.journal()).opening())
          .isEqualTo(new StoreJournal.Opening("the journal", 4));
      JournalTest.assertSameTables(store, expected);
    }
    assertThat(kept(data)).hasSize(1);
  }

  @Test
  void open_uncleanShutdownFileBehindTheJournal_onlyTheMissingRecordsReplayed() throws IOException {
    Path data = tempDir.resolve("data");
    publishSample(data);
    Path behind = tempDir.resolve("behind");
    try (RegistryStore store = open(behind)) {
      store.publish(publication("web", "1", "query A { a }", "query B { b }")); // the first record
    }
    Files.copy(
        behind.resolve("registry.mv.db"),
        data.resolve("registry.mv.db"),
        StandardCopyOption.REPLACE_EXISTING);
    killed(data);

    try (RegistryStore store = open(data);
        RegistryStore expected = open(sampleCopy())) {
      // the journal's 4 records, the file holding the first: 3 replayed
      assertThat(Objects.requireNonNull(store.journal()).opening())
          .isEqualTo(new StoreJournal.Opening("as it was left", 3));
      JournalTest.assertSameTables(store, expected);
    }
    assertThat(kept(data)).isEmpty();
  }

  @ParameterizedTest(name = "a file {0}")
  @ValueSource(strings = {"of another history", "ahead of the journal"})
  void open_uncleanShutdownFileNotTheJournals_rebuiltFromTheJournal(String file)
      throws IOException {
    Path data = tempDir.resolve("data");
    publishSample(data);
    Path other = tempDir.resolve("other");
    try (RegistryStore store = open(other)) {
      // as many changes as the sample, the last another version; or one change more
      store.publish(publication("web", "1", "query A { a }", "query B { b }"));
      store.publish(publication("web", "2", "query B { b }", "query C { c }"));
      store.publish(publication("ios", "1", "query A { a }"));
      if (file.equals("of another history")) {
        store.retire("web", "2", "ops");
      } else {
        store.retire("web", "1", "ops");
        store.publish(publication("ios", "2", "query C { c }"));
      }
    }
    Files.copy(
        other.resolve("registry.mv.db"),
        data.resolve("registry.mv.db"),
        StandardCopyOption.REPLACE_EXISTING);
    killed(data);

    try (RegistryStore store = open(data);
        RegistryStore expected = open(sampleCopy())) {
      assertThat(Objects.requireNonNull(store.journal()).opening())
          .isEqualTo(new StoreJournal.Opening("the journal", 4));
      JournalTest.assertSameTables(store, expected);
    }
    assertThat(kept(data)).hasSize(1);
  }

  @Test
  void open_uncleanShutdownAuditEntries_asLeftWhenTheSameRebuiltWhenNot() throws IOException {
    Path data = tempDir.resolve("data");
    Path other = tempDir.resolve("other");
    for (Path folder : List.of(data, other)) {
      publishSample(folder);
      try (RegistryStore store = open(folder)) {
        String actor = folder.equals(data) ? "alice" : "bob"; // the last entry differs
        store.audit().record(actor, "publish", "web/3", "refused: INVALID", "no operations");
      }
    }
    killed(data);
    try (RegistryStore store = open(data)) {
      // 4 changes and 1 audit entry, all in the file
      assertThat(Objects.requireNonNull(store.journal()).opening())
          .isEqualTo(new StoreJournal.Opening("as it was left", 0));
    }
    Files.copy(
        other.resolve("registry.mv.db"),
        data.resolve("registry.mv.db"),
        StandardCopyOption.REPLACE_EXISTING);
    killed(data);

    try (RegistryStore store = open(data)) {
      assertThat(Objects.requireNonNull(store.journal()).opening())
          .isEqualTo(new StoreJournal.Opening("the journal", 5));
      assertThat(store.audit().entries(new AuditQuery(null, null, null, null, Long.MAX_VALUE, 10)))
          .extracting(AuditEntry::actor)
          .containsExactly("alice");
    }
  }

  @Test
  void open_cleanShutdown_notRebuilt() throws IOException {
    Path data = tempDir.resolve("data");
    publishSample(data);

    try (RegistryStore store = open(data)) {
      assertThat(store.apps()).hasSize(2);
      assertThat(data.resolve("registry.open")).exists();
    }
    assertThat(kept(data)).isEmpty();
  }

  @Test
  void open_folderFromBeforeTheJournal_journalWrittenFromTablesOnce() throws IOException {
    Path data = tempDir.resolve("data");
    publishSample(data);
    Files.delete(data.resolve("registry.tgj")); // as a data folder written before the journal
    open(data).close();
    assertThat(data.resolve("registry.tgj")).exists();
    Files.delete(data.resolve("registry.mv.db"));

    try (RegistryStore store = open(data);
        RegistryStore expected = open(sampleCopy())) {
      JournalTest.assertSameTables(store, expected);
    }
  }

  @Test
  void open_journalBehindTablesAfterCleanShutdown_journalWrittenAgain() throws IOException {
    Path data = tempDir.resolve("data");
    publishSample(data);
    Path journal = data.resolve("registry.tgj");
    try (RandomAccessFile raw = new RandomAccessFile(journal.toFile(), "rw")) {
      raw.setLength(raw.length() - 1); // the last record (the retirement) is no longer whole
    }
    open(data).close();
    Files.delete(data.resolve("registry.mv.db"));

    try (RegistryStore store = open(data);
        RegistryStore expected = open(sampleCopy())) {
      JournalTest.assertSameTables(store, expected);
    }
  }

  @Test
  void open_tablesBehindJournalAfterCleanShutdown_missingChangesReplayed() throws IOException {
    Path data = tempDir.resolve("data");
    publishSample(data);
    Path behind = tempDir.resolve("behind");
    try (RegistryStore store = open(behind)) {
      store.publish(publication("web", "1", "query A { a }", "query B { b }"));
    }
    Files.copy(
        behind.resolve("registry.mv.db"),
        data.resolve("registry.mv.db"),
        StandardCopyOption.REPLACE_EXISTING);

    try (RegistryStore store = open(data);
        RegistryStore expected = open(sampleCopy())) {
      JournalTest.assertSameTables(store, expected);
    }
  }

  @Test
  void open_fileHoldingAChangeWithoutItsChangeRow_rebuiltFromTheJournal() throws IOException {
    // the file holds every row of the last change (the retirement) but its change row, as a
    // checkpoint or a file cut by a crash may: replaying that record stores nothing, so the count
    // stays short, and the file must be rebuilt rather than replayed again on every start
    Path data = tempDir.resolve("data");
    publishSample(data);
    try (RegistryStore store = open(data)) {
      store
          .jdbi()
          .useHandle(
              handle ->
                  handle.execute("DELETE FROM changes WHERE id = (SELECT MAX(id) FROM changes)"));
    }

    try (RegistryStore store = open(data);
        RegistryStore expected = open(sampleCopy())) {
      JournalTest.assertSameTables(store, expected);
    }
    assertThat(kept(data)).hasSize(1); // the file that did not take its record, moved aside
  }

  @Test
  void open_folderAlreadyOpen_refusedWithTheLockNamed() {
    Path data = tempDir.resolve("data");
    try (RegistryStore store = open(data)) {
      assertThatThrownBy(() -> open(data))
          .isInstanceOf(StoreUnavailableException.class)
          .hasMessageContaining("the data folder " + data.toAbsolutePath())
          .hasMessageContaining("is in use by another Tollgate process")
          .hasMessageContaining("registry.lock");
    }
  }

  /* ---- helpers ---- */

  /** Three publications (5 documents) and one retirement, closed cleanly. */
  private static void publishSample(Path data) {
    try (RegistryStore store = open(data)) {
      store.publish(publication("web", "1", "query A { a }", "query B { b }"));
      store.publish(publication("web", "2", "query B { b }", "query C { c }"));
      store.publish(publication("ios", "1", "query A { a }"));
      store.retire("web", "1", "ops");
    }
  }

  private Path sampleCopy() {
    Path copy = tempDir.resolve("expected");
    if (!Files.exists(copy)) {
      publishSample(copy);
    }
    return copy;
  }

  /** As a killed process leaves the folder: the marker of an open store still there. */
  private static void killed(Path data) throws IOException {
    Files.writeString(data.resolve("registry.open"), OpenMarker.text());
  }

  private static RegistryStore open(Path data) {
    return RegistryStore.open(StoreSettings.h2In(data), clock(AT));
  }

  private static List<Path> kept(Path data) throws IOException {
    try (Stream<Path> files = Files.list(data)) {
      return files
          .filter(file -> file.getFileName().toString().startsWith("registry.mv.db."))
          .toList();
    }
  }
}
