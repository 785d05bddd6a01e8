package dev.tollgate.registry.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ways an embedded store's H2 file is made to hold what its journal holds ({@link
 * EmbeddedStart}): after a clean shutdown, opened and caught up; after an unclean one, opened as it
 * was left and caught up once it proves to hold the journal's first records ({@link
 * JournalPrefix}), else started from the {@link Checkpoint} and completed with the records after
 * it, or rebuilt from the whole journal. Nothing here deletes rows: the work is bounded by the
 * journal's records to replay.
 */
final class JournalRecovery {

  private static final Logger LOG = LoggerFactory.getLogger(JournalRecovery.class);

  /** The store opened, the journal it holds, and how it got there. */
  record Recovered(RegistryStore store, Journal.Contents contents, StoreJournal.Opening opening) {}

  private JournalRecovery() {}

  /**
   * After a clean shutdown: the file as it is, with the records it is missing replayed (a journal
   * shorter than the tables is written again from them); a file that does not open is rebuilt.
   */
  static Recovered openAndCatchUp(
      H2Files files, Journal.Contents contents, Supplier<RegistryStore> connect) {
    RegistryStore store;
    try {
      store = connect.get();
    } catch (RuntimeException e) {
      LOG.warn("store: the H2 file {} does not open ({})", files.database(), e.getMessage());
      return rebuild(files, contents, connect, "a database file that did not open");
    }
    // one record per change and one per audit entry (issue 27), in commit order
    long changes = store.latestChangeId() + store.auditCount();
    int journaled = contents.payloads().size();
    if (changes == journaled) {
      return new Recovered(store, contents, new StoreJournal.Opening("as it was", 0));
    }
    if (changes > journaled) {
      Journal.Contents written =
          writeJournalFromTables(
              files, store, "the journal holds " + journaled + " of the " + changes + " changes");
      return new Recovered(store, written, new StoreJournal.Opening("as it was", 0));
    }
    long started = System.nanoTime();
    JournalReplay.Counts counts;
    try {
      counts = JournalReplay.replay(store.jdbi(), decode(contents, changes));
      requireAll(store, journaled);
    } catch (RuntimeException e) {
      store.close();
      LOG.warn(
          "store: the H2 file {} did not take its missing records ({})",
          files.database(),
          e.getMessage());
      return rebuild(files, contents, connect, "a file that did not take its missing records");
    }
    LOG.info(
        "store: replayed {} publications ({} operations) and {} retirements the H2 file was missing"
            + " from the journal in {} ms",
        counts.publications(),
        counts.operations(),
        counts.retirements(),
        millisSince(started));
    return new Recovered(
        store, contents, new StoreJournal.Opening("as it was", journaled - changes));
  }

  /**
   * Throws unless {@code store} holds as many changes and audit entries as the journal has records:
   * a replay that stored nothing (a file holding part of a publication without its change row, as a
   * checkpoint or a file cut by a crash may) is caught here, and the caller rebuilds.
   */
  private static void requireAll(RegistryStore store, int journaled) {
    long held = store.latestChangeId() + store.auditCount();
    if (held != journaled) {
      throw new IllegalStateException(
          "after the replay it holds " + held + " of the journal's " + journaled + " records");
    }
  }

  /**
   * After an unclean shutdown (a killed process): the H2 file as it was left, which H2 reopens at
   * its last committed transaction, completed with the journal's records after it, once {@link
   * JournalPrefix} shows it holds exactly the journal's first records; else (it does not open,
   * holds something the journal does not, or the replay fails) the checkpoint, then the journal.
   */
  static Recovered openAsLeft(
      H2Files files, Journal.Contents contents, Supplier<RegistryStore> connect) {
    long started = System.nanoTime();
    RegistryStore store;
    try {
      store = connect.get();
    } catch (RuntimeException e) {
      LOG.warn(
          "store: the H2 file {} left by an unclean shutdown does not open ({})",
          files.database(),
          e.getMessage());
      return fromCheckpoint(files, contents, connect);
    }
    try {
      long opened = millisSince(started);
      String mismatch = JournalPrefix.mismatch(store, contents.payloads()).orElse(null);
      if (mismatch != null) {
        throw new IllegalStateException(mismatch);
      }
      long held = store.latestChangeId() + store.auditCount();
      int journaled = contents.payloads().size();
      JournalReplay.Counts counts = JournalReplay.replay(store.jdbi(), decode(contents, held));
      requireAll(store, journaled);
      LOG.info(
          "store: opened the H2 file as an unclean shutdown left it ({} of the journal's {} records,"
              + " opened in {} ms) and replayed {} publications ({} operations) and {} retirements"
              + " after it in {} ms",
          held,
          journaled,
          opened,
          counts.publications(),
          counts.operations(),
          counts.retirements(),
          millisSince(started));
      return new Recovered(
          store, contents, new StoreJournal.Opening("as it was left", journaled - held));
    } catch (RuntimeException e) {
      store.close();
      LOG.warn(
          "store: the H2 file {} left by an unclean shutdown cannot serve ({}); starting from the"
              + " checkpoint or the journal",
          files.database(),
          e.getMessage());
      return fromCheckpoint(files, contents, connect);
    }
  }

  /**
   * When the H2 file cannot serve after an unclean shutdown: the checkpoint, completed with the
   * journal's records after it; else (none, or one that does not open or holds more than the
   * journal) a rebuild from the journal.
   */
  static Recovered fromCheckpoint(
      H2Files files, Journal.Contents contents, Supplier<RegistryStore> connect) {
    if (!Files.exists(files.checkpoint())) {
      return rebuild(files, contents, connect, "an unclean shutdown");
    }
    long started = System.nanoTime();
    Instant now = Instant.now();
    Path kept = files.kept(files.database(), now);
    move(files.database(), kept);
    RegistryStore store = null;
    try {
      Checkpoint.restore(files);
      long restored = millisSince(started);
      store = connect.get();
      long opened = millisSince(started);
      long held = store.latestChangeId() + store.auditCount();
      int journaled = contents.payloads().size();
      if (held > journaled) {
        throw new IllegalStateException("it holds " + held + " changes, the journal " + journaled);
      }
      JournalReplay.Counts counts = JournalReplay.replay(store.jdbi(), decode(contents, held));
      requireAll(store, journaled);
      LOG.info(
          "store: started from the checkpoint ({} of the journal's {} records) and replayed {}"
              + " publications ({} operations) and {} retirements after it in {} ms (restored in {}"
              + " ms, opened in {} ms) after an unclean shutdown; the previous file is kept at {}",
          held,
          journaled,
          counts.publications(),
          counts.operations(),
          counts.retirements(),
          millisSince(started),
          restored,
          opened - restored,
          Files.exists(kept) ? kept : "(there was none)");
      return new Recovered(
          store, contents, new StoreJournal.Opening("the checkpoint", journaled - held));
    } catch (RuntimeException e) {
      if (store != null) {
        store.close();
      }
      LOG.warn(
          "store: the checkpoint {} cannot serve ({}); it is set aside and the store rebuilt from"
              + " the whole journal",
          files.checkpoint(),
          e.getMessage());
      Checkpoint.setAside(files, files.kept(files.checkpoint(), now));
      try {
        Files.deleteIfExists(files.database()); // the restored copy; the previous file is kept
      } catch (IOException removing) {
        throw new UncheckedIOException("cannot remove " + files.database(), removing);
      }
      return rebuild(files, contents, connect, "an unclean shutdown");
    }
  }

  private static Recovered rebuild(
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
      return new Recovered(
          store, contents, new StoreJournal.Opening("the journal", contents.payloads().size()));
    } catch (RuntimeException e) {
      store.close();
      throw e;
    }
  }

  /** Writes the journal again from the tables; a checkpoint, which counted the old one, goes. */
  static Journal.Contents writeJournalFromTables(
      H2Files files, RegistryStore store, String reason) {
    long started = System.nanoTime();
    List<JournalRecord> records =
        store
            .jdbi()
            .inTransaction(handle -> JournalReplay.export(handle.attach(RegistryDao.class)));
    List<byte[]> payloads = new ArrayList<>(records.size());
    records.forEach(record -> payloads.add(record.encode()));
    Checkpoint.discard(files);
    Journal.writeAll(files.journal(), payloads);
    EmbeddedStart.forceParent(files.journal());
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

  private static void move(Path from, Path to) {
    try {
      if (Files.exists(from)) {
        Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        EmbeddedStart.forceParent(from);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot move " + from + " aside to " + to, e);
    }
  }

  private static long millisSince(long started) {
    return (System.nanoTime() - started) / 1_000_000;
  }
}
