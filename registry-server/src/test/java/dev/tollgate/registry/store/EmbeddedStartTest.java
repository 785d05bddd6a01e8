package dev.tollgate.registry.store;

import static dev.tollgate.registry.store.JournalTest.clock;
import static dev.tollgate.registry.store.JournalTest.publication;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
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
  void open_uncleanShutdownMarker_rebuiltAndPreviousFileKept() throws IOException {
    Path data = tempDir.resolve("data");
    publishSample(data);
    Files.writeString(data.resolve("registry.open"), "left by a killed process");

    try (RegistryStore store = open(data);
        RegistryStore expected = open(sampleCopy())) {
      JournalTest.assertSameTables(store, expected);
    }
    assertThat(kept(data)).hasSize(1);
    assertThat(data.resolve("registry.open")).doesNotExist();
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
  void open_tablesBehindJournalAfterCleanShutdown_missingChangesReplayed() {
    Path data = tempDir.resolve("data");
    publishSample(data);
    Path behind = tempDir.resolve("behind");
    try (RegistryStore store = open(behind)) {
      store.publish(publication("web", "1", "query A { a }", "query B { b }"));
    }
    try {
      Files.copy(
          behind.resolve("registry.mv.db"),
          data.resolve("registry.mv.db"),
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }

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
