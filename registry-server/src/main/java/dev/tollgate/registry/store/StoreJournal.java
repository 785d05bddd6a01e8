package dev.tollgate.registry.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The open journal of an embedded store, with the data folder's lock and the unclean-shutdown
 * marker: {@link #close()} (a clean shutdown) removes the marker, then releases the lock.
 */
final class StoreJournal implements AutoCloseable {

  private final Journal journal;
  private final FileChannel lock;
  private final Path marker;
  private final Checkpointer checkpoints;
  private final Opening opening;

  /**
   * How the store was opened: {@code as it was} (a clean shutdown), {@code as it was left} (the
   * file an unclean shutdown left), {@code the checkpoint} or {@code the journal} (rebuilt from all
   * of it), and how many of the journal's records it replayed.
   */
  record Opening(String from, long replayed) {}

  StoreJournal(
      Journal journal, FileChannel lock, Path marker, Checkpointer checkpoints, Opening opening) {
    this.journal = journal;
    this.lock = lock;
    this.marker = marker;
    this.checkpoints = checkpoints;
    this.opening = opening;
  }

  Opening opening() {
    return opening;
  }

  /** Writes a checkpoint now, on this thread, in the writers' turn. */
  synchronized void checkpointNow() {
    checkpoints.take(this);
  }

  /** After a write committed, with this journal's lock (the writers' turn) held. */
  void committed() {
    checkpoints.committed(journal.size(), this);
  }

  /** Lets a checkpoint being written finish: before the store's connections close. */
  void stopCheckpoints() {
    checkpoints.close();
  }

  long size() {
    return journal.size();
  }

  /** Writes {@code record} and forces it to disk: call it before the transaction commits. */
  void append(JournalRecord record) {
    journal.append(record.encode());
  }

  /** Drops what was appended after {@code size}: the transaction that wrote it did not commit. */
  void cutBackTo(long size) {
    if (journal.size() > size) {
      journal.truncate(size);
    }
  }

  @Override
  public void close() {
    journal.close();
    try {
      Files.deleteIfExists(marker);
      EmbeddedStart.forceParent(marker);
      lock.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the store's data folder cleanly", e);
    }
  }
}
