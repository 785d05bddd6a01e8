package dev.tollgate.registry.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal's file format, and a replay of it against the tables it was written beside. */
final class JournalTest {

  private static final Instant AT = Instant.parse("2026-11-29T12:00:00.123456Z");

  @TempDir Path tempDir;

  /* ---- the file ---- */

  @Test
  void append_threeRecords_readBackInOrder() {
    Path file = tempDir.resolve("j.tgj");
    writeRecords(file, "one", "two", "three");

    Journal.Contents contents = Journal.read(file);

    assertThat(texts(contents)).containsExactly("one", "two", "three");
    assertThat(contents.damaged()).isFalse();
  }

  @Test
  void read_tornTail_lastRecordCutAndEarlierOnesKept() throws IOException {
    Path file = tempDir.resolve("j.tgj");
    writeRecords(file, "one", "two", "three");
    long whole = Files.size(file);
    try (RandomAccessFile raw = new RandomAccessFile(file.toFile(), "rw")) {
      raw.setLength(whole - 2); // "three" lost its last 2 bytes: its write never finished
    }

    Journal.Contents contents = Journal.read(file);
    Journal.openForAppend(file, contents, tempDir.resolve("kept")).close();

    assertThat(texts(contents)).containsExactly("one", "two");
    // 4 magic bytes, then "one" and "two" each as 8 header bytes + 3 payload bytes
    assertThat(contents.validBytes()).isEqualTo(4 + 11 + 11);
    assertThat(Files.size(file)).isEqualTo(26);
    // what was cut: "three" without its last 2 bytes
    assertThat(Files.size(tempDir.resolve("kept"))).isEqualTo(whole - 2 - 26);
  }

  @Test
  void read_flippedByteInSecondRecord_thatRecordAndLaterOnesNotTrusted() throws IOException {
    Path file = tempDir.resolve("j.tgj");
    writeRecords(file, "one", "two", "three");
    try (RandomAccessFile raw = new RandomAccessFile(file.toFile(), "rw")) {
      raw.seek(4 + 11 + 8); // the first payload byte of "two"
      raw.write('T');
    }

    Journal.Contents contents = Journal.read(file);

    // the CRC of "Two" is not that of "two"; "three" is intact but comes after it: not trusted
    assertThat(texts(contents)).containsExactly("one");
    assertThat(contents.damaged()).isTrue();
  }

  @Test
  void append_afterCutBack_recordGone() {
    Path file = tempDir.resolve("j.tgj");
    try (Journal journal =
        Journal.openForAppend(file, Journal.read(emptyJournal()), tempDir.resolve("kept"))) {
      journal.append(bytes("kept"));
      long size = journal.size();
      journal.append(bytes("rolled back"));
      journal.truncate(size);
      journal.append(bytes("next"));
    }

    assertThat(texts(Journal.read(file))).containsExactly("kept", "next");
  }

  /* ---- records and replay ---- */

  @Test
  void encode_publicationAndRetirement_decodeToEqualRecords() {
    Publication publication =
        new Publication(
            "web",
            "1",
            "fingerprint",
            "ci",
            List.of(RegistryStoreTest.document("query A { a }", "A", "B")));
    JournalRecord published = new JournalRecord.Published(publication, AT);
    JournalRecord retired = new JournalRecord.Retired("web", "1", "ops", AT.plusSeconds(1));

    assertThat(JournalRecord.decode(published.encode())).isEqualTo(published);
    assertThat(JournalRecord.decode(retired.encode())).isEqualTo(retired);
  }

  @Test
  void replay_exportOfTables_rebuildsEqualTables() {
    Path original = tempDir.resolve("original");
    Path copy = tempDir.resolve("copy");
    List<JournalRecord> records;
    try (RegistryStore store = RegistryStore.open(StoreSettings.h2In(original), clock(AT))) {
      store.publish(publication("web", "1", "query A { a }", "query B { b }"));
      store.publish(publication("web", "2", "query B { b }", "query C { c }"));
      store.publish(publication("ios", "1", "query A { a }"));
      store.retire("web", "1", "ops");
      records = store.jdbi().inTransaction(h -> JournalReplay.export(h.attach(RegistryDao.class)));
    }

    try (RegistryStore store = RegistryStore.open(StoreSettings.h2In(copy), clock(AT));
        RegistryStore before = RegistryStore.open(StoreSettings.h2In(original), clock(AT))) {
      JournalReplay.Counts counts = JournalReplay.replay(store.jdbi(), records);

      // 3 publications of 2 + 2 + 1 operations (one per document), 1 retirement
      assertThat(counts).isEqualTo(new JournalReplay.Counts(3, 1, 5));
      assertSameTables(store, before);
    }
  }

  static void assertSameTables(RegistryStore actual, RegistryStore expected) {
    assertThat(actual.apps()).isEqualTo(expected.apps());
    assertThat(actual.latestChangeId()).isEqualTo(expected.latestChangeId());
    assertThat(actual.activeDocumentApps()).isEqualTo(expected.activeDocumentApps());
    for (AppSummary app : expected.apps()) {
      for (AppVersion version : app.versions()) {
        assertThat(actual.findVersion(app.name(), version.version()))
            .isEqualTo(expected.findVersion(app.name(), version.version()));
      }
    }
  }

  static Publication publication(String app, String version, String... bodies) {
    List<NewDocument> documents = new java.util.ArrayList<>();
    for (String body : bodies) {
      documents.add(RegistryStoreTest.document(body, "Op"));
    }
    return new Publication(app, version, String.join("+", bodies), "test", documents);
  }

  static InstantSource clock(Instant at) {
    return InstantSource.fixed(at);
  }

  private Path emptyJournal() {
    Path file = tempDir.resolve("empty.tgj");
    Journal.writeAll(file, List.of());
    return file;
  }

  private void writeRecords(Path file, String... texts) {
    try (Journal journal = Journal.openForAppend(file, Journal.read(emptyJournal()), file)) {
      for (String text : texts) {
        journal.append(bytes(text));
      }
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static List<String> texts(Journal.Contents contents) {
    return contents.payloads().stream()
        .map(payload -> new String(payload, StandardCharsets.UTF_8))
        .toList();
  }
}
