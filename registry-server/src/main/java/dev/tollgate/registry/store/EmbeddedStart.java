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
import java.nio.file.StandardOpenOption;
import java.time.Instant;
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
 *   <li>the previous run did not close the store (the {@code .open} marker is there): the file is
 *       moved aside and the {@link Checkpoint} put in its place, then completed with the journal's
 *       records after it; without a checkpoint, or when it cannot serve, or when the H2 file does
 *       not open, a fresh file is rebuilt from the whole journal;
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

  /**
   * @param checkpointMegabytes the journal's growth after which a new checkpoint is written; 0:
   *     none
   */
  static RegistryStore open(
      H2Files files, int checkpointMegabytes, Supplier<RegistryStore> connect) {
    FileChannel lock = lock(files);
    try {
      JournalRecovery.Recovered recovered;
      if (!Files.exists(files.journal())) {
        RegistryStore store = connect.get();
        recovered =
            new JournalRecovery.Recovered(
                store,
                JournalRecovery.writeJournalFromTables(files, store, "no journal yet"),
                new StoreJournal.Opening("as it was", 0));
      } else {
        Journal.Contents contents = Journal.read(files.journal());
        warnIfDamaged(files, contents);
        recovered =
            Files.exists(files.marker())
                ? JournalRecovery.fromCheckpoint(files, contents, connect)
                : JournalRecovery.openAndCatchUp(files, contents, connect);
      }
      RegistryStore store = recovered.store();
      Journal.Contents contents = recovered.contents();
      writeMarker(files.marker());
      Path keptTail = files.kept(files.journal(), Instant.now());
      StoreJournal journal =
          new StoreJournal(
              Journal.openForAppend(files.journal(), contents, keptTail),
              lock,
              files.marker(),
              new Checkpointer(files, store.jdbi(), checkpointMegabytes * 1024L * 1024L),
              recovered.opening());
      store.journalTo(journal);
      synchronized (journal) {
        journal.committed(); // a journal grown enough without a checkpoint gets one now
      }
      return store;
    } catch (RuntimeException e) {
      closeQuietly(lock);
      throw e;
    }
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

  private static void closeQuietly(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      LOG.debug("closing the store's lock", e);
    }
  }
}
