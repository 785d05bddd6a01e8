package dev.tollgate.registry.store;

import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How every aggregate of the store reads and writes: a read is one statement or one transaction; a
 * write is a transaction retried on transient failures, journaled (on an H2 file) before it
 * commits, and followed by the change listeners when it changed what the gateway serves.
 */
final class StoreTransactions {

  private static final Logger LOG = LoggerFactory.getLogger(StoreTransactions.class);
  private static final int MAX_ATTEMPTS = 5;

  private final Jdbi jdbi;
  private final InstantSource clock;
  private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
  private volatile @Nullable StoreJournal journal;
  private @Nullable AuditTrail audit;

  StoreTransactions(Jdbi jdbi, InstantSource clock) {
    this.jdbi = jdbi;
    this.clock = clock;
  }

  /** From now on, every change is journaled ({@code journal}) before its transaction commits. */
  void journalTo(StoreJournal journal) {
    this.journal = journal;
  }

  /** Each write records the audit trail's pending entry of its thread, if any, with its change. */
  void auditWith(AuditTrail trail) {
    this.audit = trail;
  }

  @Nullable StoreJournal journal() {
    return journal;
  }

  void addChangeListener(Runnable listener) {
    listeners.add(listener);
  }

  /** Runs {@code query} on its own (no transaction of several statements). */
  <T> T read(Function<RegistryDao, T> query) {
    return jdbi.withExtension(RegistryDao.class, query::apply);
  }

  /** The number {@code sql} (a query of one row of one number, without parameters) answers. */
  long count(String sql) {
    return jdbi.withHandle(handle -> handle.createQuery(sql).mapTo(Long.class).one());
  }

  /** Runs {@code statements} that answer nothing, on their own. */
  void use(Consumer<RegistryDao> statements) {
    jdbi.useExtension(RegistryDao.class, statements::accept);
  }

  /** Runs {@code query} in one read transaction: its statements see one snapshot. */
  <T> T readInTransaction(Function<RegistryDao, T> query) {
    return jdbi.inTransaction(handle -> query.apply(handle.attach(RegistryDao.class)));
  }

  /**
   * Runs {@code query} in one read transaction whose results flow a page at a time: on H2, with
   * lazy query execution, which H2 otherwise does only past a whole result (materialised first, in
   * memory or a temporary file); PostgreSQL streams by the fetch size within a transaction already.
   */
  <T> T readStreaming(Function<RegistryDao, T> query) {
    return jdbi.withHandle(
        handle -> {
          if (!isH2(handle)) {
            return handle.inTransaction(inside -> query.apply(inside.attach(RegistryDao.class)));
          }
          // a session setting, so it is set outside the transaction and reset before the pool
          // hands the connection to another reader
          handle.execute("SET LAZY_QUERY_EXECUTION TRUE");
          try {
            return handle.inTransaction(inside -> query.apply(inside.attach(RegistryDao.class)));
          } finally {
            handle.execute("SET LAZY_QUERY_EXECUTION FALSE");
          }
        });
  }

  /** Whether {@code handle} is on H2; false when the driver cannot tell (the read is not lazy). */
  private static boolean isH2(Handle handle) {
    try {
      return "H2".equals(handle.getConnection().getMetaData().getDatabaseProductName());
    } catch (SQLException e) {
      return false;
    }
  }

  /**
   * A writing transaction. With a journal, writers take turns, so the journal's records are in
   * commit order; a record appended by a transaction that then fails (or is retried) is cut off.
   */
  <T> T write(Function<RegistryDao, T> work) {
    AuditTrail trail = audit;
    if (trail == null) {
      return journaledWrite(work);
    }
    boolean[] audited = {false};
    T result =
        journaledWrite(
            dao -> {
              T changed = work.apply(dao);
              audited[0] = trail.recordPending(dao);
              return changed;
            });
    if (audited[0]) {
      trail.committed();
    }
    return result;
  }

  private <T> T journaledWrite(Function<RegistryDao, T> work) {
    StoreJournal open = journal;
    if (open == null) {
      return inTransaction(work);
    }
    synchronized (open) {
      long size = open.size();
      try {
        T result =
            inTransaction(
                dao -> {
                  open.cutBackTo(size);
                  return work.apply(dao);
                });
        open.committed();
        return result;
      } catch (RuntimeException e) {
        open.cutBackTo(size);
        throw e;
      }
    }
  }

  /** Appends {@code record} to the journal, if there is one; call it inside {@link #write}. */
  void journal(JournalRecord record) {
    StoreJournal open = journal;
    if (open != null) {
      open.append(record);
    }
  }

  Timestamp now() {
    return Timestamp.from(clock.instant());
  }

  /** Runs the change listeners (after a committed change), each on its own. */
  void notifyListeners() {
    for (Runnable listener : listeners) {
      try {
        listener.run();
      } catch (RuntimeException e) {
        LOG.warn("a registry change listener failed", e);
      }
    }
  }

  private <T> T inTransaction(Function<RegistryDao, T> work) {
    for (int attempt = 1; ; attempt++) {
      try {
        return jdbi.inTransaction(handle -> work.apply(handle.attach(RegistryDao.class)));
      } catch (RuntimeException e) {
        if (attempt >= MAX_ATTEMPTS || !TransientFailures.isTransient(e)) {
          throw e;
        }
        LOG.debug("retrying a transaction after a transient failure (attempt {})", attempt, e);
      }
    }
  }
}
