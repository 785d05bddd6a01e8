package dev.tollgate.registry.store;

import static dev.tollgate.registry.store.JournalTest.clock;
import static dev.tollgate.registry.store.JournalTest.publication;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After an unclean shutdown the embedded store opens its H2 file as it was left; when that file
 * cannot serve, it starts from its checkpoint and replays only the journal's records written after
 * it; a checkpoint that cannot serve is set aside and the store is rebuilt from the whole journal,
 * holding the same tables either way.
 */
final class CheckpointTest {

  private static final Instant AT = Instant.parse("2026-12-03T12:00:00Z");

  @TempDir Path tempDir;

  @Test
  void open_uncleanAfterCheckpoint_fileOpenedAsLeftNotTheCheckpoint() throws IOException {
    Path data = tempDir.resolve("data");
    try (RegistryStore store = open(data, 0)) {
      store.publish(publication("web", "1", "query A { a }", "query B { b }"));
      Objects.requireNonNull(store.journal()).checkpointNow();
      store.publish(publication("web", "2", "query B { b }", "query C { c }"));
    }
    killed(data);

    try (RegistryStore store = open(data, 0)) {
      assertThat(Objects.requireNonNull(store.journal()).opening())
          .isEqualTo(new StoreJournal.Opening("as it was left", 0));
      assertThat(store.latestChangeId()).isEqualTo(2);
    }
    assertThat(files(data, "registry.mv.db.")).isEmpty();
  }

  @Test
  void open_uncleanFileDamagedAfterCheckpoint_startsFromItAndReplaysOnlyTheRecordsAfterIt()
      throws IOException {
    Path data = tempDir.resolve("data");
    try (RegistryStore store = open(data, 0)) {
      store.publish(publication("web", "1", "query A { a }", "query B { b }"));
      store.publish(publication("web", "2", "query B { b }", "query C { c }"));
      Objects.requireNonNull(store.journal()).checkpointNow();
      store.publish(publication("ios", "1", "query A { a }"));
      store.retire("web", "1", "ops");
    }
    assertThat(data.resolve("registry.checkpoint.zip")).exists();
    damaged(data);
    killed(data);

    try (RegistryStore store = open(data, 0);
        RegistryStore expected = open(sample(), 0)) {
      // two publications in the checkpoint; the third and the retirement after it
      assertThat(Objects.requireNonNull(store.journal()).opening())
          .isEqualTo(new StoreJournal.Opening("the checkpoint", 2));
      JournalTest.assertSameTables(store, expected);
    }
  }

  @Test
  void open_uncleanFileDamagedWithoutCheckpoint_rebuiltFromTheWholeJournal() throws IOException {
    Path data = tempDir.resolve("data");
    publishSample(data);
    damaged(data);
    killed(data);

    try (RegistryStore store = open(data, 0)) {
      // three publications and one retirement
      assertThat(Objects.requireNonNull(store.journal()).opening())
          .isEqualTo(new StoreJournal.Opening("the journal", 4));
    }
  }

  @Test
  void open_checkpointDamaged_setAsideAndRebuiltFromTheJournal() throws IOException {
    Path data = tempDir.resolve("data");
    publishSample(data);
    Files.write(data.resolve("registry.checkpoint.zip"), new byte[4096]); // not a zip
    damaged(data);
    killed(data);

    try (RegistryStore store = open(data, 0);
        RegistryStore expected = open(sample(), 0)) {
      assertThat(Objects.requireNonNull(store.journal()).opening().from()).isEqualTo("the journal");
      JournalTest.assertSameTables(store, expected);
    }
    assertThat(data.resolve("registry.checkpoint.zip")).doesNotExist();
    assertThat(files(data, "registry.checkpoint.zip.2")).hasSize(1);
  }

  @Test
  void open_checkpointAheadOfTheJournal_setAsideAndRebuilt() throws IOException {
    Path data = tempDir.resolve("data");
    try (RegistryStore store = open(data, 0)) {
      store.publish(publication("web", "1", "query A { a }"));
      store.publish(publication("web", "2", "query B { b }"));
      Objects.requireNonNull(store.journal()).checkpointNow();
    }
    // a journal that lost its last record: the checkpoint holds 2 changes, the journal 1
    Path other = tempDir.resolve("other");
    try (RegistryStore store = open(other, 0)) {
      store.publish(publication("web", "1", "query A { a }"));
    }
    Files.copy(
        other.resolve("registry.tgj"),
        data.resolve("registry.tgj"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    killed(data);

    try (RegistryStore store = open(data, 0)) {
      assertThat(Objects.requireNonNull(store.journal()).opening())
          .isEqualTo(new StoreJournal.Opening("the journal", 1));
      assertThat(store.latestChangeId()).isEqualTo(1);
    }
  }

  @Test
  void publish_journalGrowsPastTheSetting_checkpointWrittenInTheBackground() throws Exception {
    Path data = tempDir.resolve("data");
    try (RegistryStore store = open(data, 1)) {
      // 5,000 documents: each record entry holds a 64-digit hash, a body and a priced operation,
      // well over 200 bytes, so the journal passes 1 MB with this one publication
      List<NewDocument> documents = new ArrayList<>();
      for (int i = 0; i < 5_000; i++) {
        documents.add(
            RegistryStoreTest.document(
                "query Q" + i + " { cargo(id: \"" + i + "\") { id trackingId } }", "Q" + i));
      }
      store.publish(new Publication("web", "1", "five-thousand", "test", documents));
      assertThat(Files.size(data.resolve("registry.tgj"))).isGreaterThan(1024 * 1024);
      for (int i = 0; i < 200 && !Files.exists(data.resolve("registry.checkpoint.zip")); i++) {
        Thread.sleep(50);
      }
      assertThat(data.resolve("registry.checkpoint.zip")).exists();
    }
    assertThat(Long.parseLong(Files.readString(data.resolve("registry.checkpoint.zip.length"))))
        .isEqualTo(Files.size(data.resolve("registry.tgj")));
    damaged(data);
    killed(data);

    try (RegistryStore store = open(data, 1)) {
      assertThat(Objects.requireNonNull(store.journal()).opening())
          .isEqualTo(new StoreJournal.Opening("the checkpoint", 0));
      assertThat(store.findVersion("web", "1")).isPresent();
    }
  }

  /* ---- helpers ---- */

  /** Three publications and one retirement, closed cleanly, without a checkpoint. */
  private static void publishSample(Path data) {
    try (RegistryStore store = open(data, 0)) {
      store.publish(publication("web", "1", "query A { a }", "query B { b }"));
      store.publish(publication("web", "2", "query B { b }", "query C { c }"));
      store.publish(publication("ios", "1", "query A { a }"));
      store.retire("web", "1", "ops");
    }
  }

  private Path sample() {
    Path copy = tempDir.resolve("expected");
    if (!Files.exists(copy)) {
      publishSample(copy);
    }
    return copy;
  }

  /** An H2 file that does not open: its header zeroed. */
  private static void damaged(Path data) throws IOException {
    Files.write(data.resolve("registry.mv.db"), new byte[64 * 1024]);
  }

  /** As a killed process leaves the folder: the marker of an open store still there. */
  private static void killed(Path data) {
    try {
      Files.writeString(data.resolve("registry.open"), OpenMarker.text());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static RegistryStore open(Path data, int checkpointMegabytes) {
    return RegistryStore.open(
        StoreSettings.h2In(data).withCheckpointMegabytes(checkpointMegabytes), clock(AT));
  }

  private static List<Path> files(Path data, String start) throws IOException {
    try (Stream<Path> files = Files.list(data)) {
      return files.filter(file -> file.getFileName().toString().startsWith(start)).toList();
    }
  }
}
