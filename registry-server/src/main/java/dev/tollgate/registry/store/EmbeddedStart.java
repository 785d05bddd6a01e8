package dev.tollgate.registry.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
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
 *   <li>the previous run did not close the store (the {@code .open} marker is there) and the system
 *       has not restarted since (the marker's boot id): the process was killed, its writes are in
 *       the file or the page cache, and the H2 file is opened as it was left (H2 reopens it at its
 *       last committed transaction) and, once it proves to hold exactly the journal's first records
 *       ({@link JournalPrefix}), completed with the records after them;
 *   <li>a file that does not open or fails that proof, or one left before a restart of the system:
 *       moved aside and the {@link Checkpoint} put in its place, completed the same way; without a
 *       checkpoint, or when it cannot serve either, a fresh file is rebuilt from the whole journal;
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
        if (!Files.exists(files.marker())) {
          recovered = JournalRecovery.openAndCatchUp(files, contents, connect);
        } else if (OpenMarker.sameBoot(files.marker())) {
          recovered = JournalRecovery.openAsLeft(files, contents, connect);
        } else {
          LOG.warn(
              "store: the previous run did not close the store and the machine may have restarted"
                  + " since ({}); the H2 file may lack writes the system had not flushed, so it is"
                  + " not trusted",
              OpenMarker.read(files.marker()));
          recovered = JournalRecovery.fromCheckpoint(files, contents, connect);
        }
      }
      RegistryStore store = recovered.store();
      Journal.Contents contents = recovered.contents();
      OpenMarker.write(files.marker());
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
