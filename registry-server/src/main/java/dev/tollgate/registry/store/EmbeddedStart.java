package dev.tollgate.registry.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens an embedded (H2 file) store so that what its journal holds is what it serves. The journal
 * is the record of every acknowledged change; the H2 file is an index of it, trusted only after a
 * clean shutdown:
 *
 * <ul>
 *   <li>no journal yet (a new data folder, or one from before the journal): the tables are written
 *       to a journal once;
 *   <li>the previous run did not close the store (the {@code .open} marker is there), or the H2
 *       file does not open: the file is moved aside and a fresh one is rebuilt from the journal;
 *   <li>a clean shutdown: the journal and the {@code changes} table must hold as many changes;
 *       missing records are replayed, and a journal shorter than the tables is written again from
 *       them.
 * </ul>
 *
 * Nothing here deletes rows: the work is bounded by the size of the journal.
 */
final class EmbeddedStart {

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedStart.class);

  private EmbeddedStart() {}

  static RegistryStore open(H2Files files, Supplier<RegistryStore> connect) {
    FileChannel lock = lock(files);
    try {
      Journal.Contents contents;
      RegistryStore store;
      if (!Files.exists(files.journal())) {
        store = connect.get();
        contents = writeJournalFromTables(files, store, "no journal yet");
      } else {
        contents = Journal.read(files.journal());
        warnIfDamaged(files, contents);
        if (Files.exists(files.marker())) {
          store = rebuild(files, contents, connect, "an unclean shutdown");
        } else {
          store = openOrRebuild(files, contents, connect);
          contents = catchUp(files, store, contents);
        }
      }
      writeMarker(files.marker());
      Path keptTail = files.kept(files.journal(), Instant.now());
      store.journalTo(
          new StoreJournal(
              Journal.openForAppend(files.journal(), contents, keptTail), lock, files.marker()));
      return store;
    } catch (RuntimeException e) {
      closeQuietly(lock);
      throw e;
    }
  }

  private static RegistryStore openOrRebuild(
      H2Files files, Journal.Contents contents, Supplier<RegistryStore> connect) {
    try {
      return connect.get();
    } catch (RuntimeException e) {
      LOG.warn("store: the H2 file {} does not open ({})", files.database(), e.getMessage());
      return rebuild(files, contents, connect, "a database file that did not open");
    }
  }

  private static RegistryStore rebuild(
      H2Files files, Journal.Contents contents, Supplier<RegistryStore> connect, String reason) {
    long started = System.nanoTime();
    Path kept = files.kept(files.database(), Instant.now());
    move(files.database(), kept);
    RegistryStore store = connect.get();
    try {
      JournalReplay.Counts counts = JournalReplay.replay(store.jdbi(), decode(contents, 0));
      LOG.info(
          "store: rebuilt {} publications ({} operations) and {} retirements from the journal in {} ms"
              + " after {}; the previous file is kept at {}",
          counts.publications(),
          counts.operations(),
          counts.retirements(),
          millisSince(started),
          reason,
          Files.exists(kept) ? kept : "(there was none)");
      return store;
    } catch (RuntimeException e) {
      store.close();
      throw e;
    }
  }

  private static Journal.Contents catchUp(
      H2Files files, RegistryStore store, Journal.Contents contents) {
    // one record per change and one per audit entry (issue 27), in commit order
    long changes = store.latestChangeId() + store.auditCount();
    int journaled = contents.payloads().size();
    if (changes == journaled) {
      return contents;
    }
    if (changes > journaled) {
      return writeJournalFromTables(
          files, store, "the journal holds " + journaled + " of the " + changes + " changes");
    }
    long started = System.nanoTime();
    JournalReplay.Counts counts = JournalReplay.replay(store.jdbi(), decode(contents, changes));
    LOG.info(
        "store: replayed {} publications ({} operations) and {} retirements the H2 file was missing"
            + " from the journal in {} ms",
        counts.publications(),
        counts.operations(),
        counts.retirements(),
        millisSince(started));
    return contents;
  }

  private static Journal.Contents writeJournalFromTables(
      H2Files files, RegistryStore store, String reason) {
    long started = System.nanoTime();
    List<JournalRecord> records =
        store
            .jdbi()
            .inTransaction(handle -> JournalReplay.export(handle.attach(RegistryDao.class)));
    List<byte[]> payloads = new ArrayList<>(records.size());
    records.forEach(record -> payloads.add(record.encode()));
    Journal.writeAll(files.journal(), payloads);
    forceParent(files.journal());
    if (!records.isEmpty()) {
      LOG.info(
          "store: wrote the journal {} from the tables ({} changes) in {} ms: {}",
          files.journal(),
          records.size(),
          millisSince(started),
          reason);
    }
    return Journal.read(files.journal());
  }

  private static List<JournalRecord> decode(Journal.Contents contents, long from) {
    List<JournalRecord> records = new ArrayList<>();
    List<byte[]> payloads = contents.payloads();
    for (int i = (int) from; i < payloads.size(); i++) {
      records.add(JournalRecord.decode(payloads.get(i)));
    }
    return records;
  }

  private static void warnIfDamaged(H2Files files, Journal.Contents contents) {
    if (contents.damaged()) {
      LOG.warn(
          "store: the journal {} is readable up to byte {} of {}; the rest (a record that was never"
              + " acknowledged, or damage) is not trusted and will be cut off (a copy is kept beside it)",
          files.journal(),
          contents.validBytes(),
          contents.fileBytes());
    }
  }

  private static FileChannel lock(H2Files files) {
    try {
      Files.createDirectories(files.lock().getParent());
      FileChannel channel =
          FileChannel.open(files.lock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        channel.close();
        throw StoreUnavailableException.folderInUse(files);
      }
      return channel;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lock the store's data folder: " + files.lock(), e);
    }
  }

  private static void writeMarker(Path marker) {
    try (FileChannel out =
        FileChannel.open(
            marker,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      String text = "open by process " + ProcessHandle.current().pid() + " since " + Instant.now();
      out.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
      out.force(true);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + marker, e);
    }
    forceParent(marker);
  }

  private static void move(Path from, Path to) {
    try {
      if (Files.exists(from)) {
        Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        forceParent(from);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot move " + from + " aside to " + to, e);
    }
  }

  /** Makes a file's creation, move or removal durable (where the platform allows it). */
  static void forceParent(Path file) {
    Path directory = file.toAbsolutePath().getParent();
    if (directory == null) {
      return;
    }
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      // Windows cannot open a directory; the rename is then as durable as the platform makes it
    }
  }

  private static long millisSince(long started) {
    return (System.nanoTime() - started) / 1_000_000;
  }

  private static void closeQuietly(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      LOG.debug("closing the store's lock", e);
    }
  }
}
