package dev.tollgate.registry.store;

import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The audit trail (issue 27): an append-only record of every change attempted through the admin
 * API. A request that may change the store {@link #begin}s an attempt on its thread; the first
 * write of the store on that thread then inserts the attempt's entry (outcome {@code ok}) in the
 * same transaction as the change, and journals it right after the change's record, so that a change
 * and its entry land together or not at all (and survive kill -9 on H2). When the request ends
 * without such a write (a refusal, or a change that changed nothing), {@link #record} writes the
 * entry in a transaction of its own. Writing entries never moves the change id: gateways do not
 * reload for an entry.
 */
public final class AuditTrail {

  private final StoreTransactions transactions;
  private final ThreadLocal<@Nullable Pending> pending = new ThreadLocal<>();

  AuditTrail(StoreTransactions transactions) {
    this.transactions = transactions;
  }

  /**
   * What a request attempts, read when its entry is written (the actor is known once the request's
   * token is checked, the target sometimes only once the body is read).
   */
  public interface Attempt {
    /** The token's name or prefix; null while the caller is not authenticated. */
    @Nullable String actor();

    String action();

    String target();
  }

  /** Starts an attempt on this thread, replacing any left over. */
  public void begin(Attempt attempt) {
    pending.set(new Pending(attempt));
  }

  /**
   * Ends this thread's attempt: true when its entry was written with a change (nothing more to
   * record), false when the caller should {@link #record} how it ended.
   */
  public boolean end() {
    Pending ended = pending.get();
    pending.remove();
    return ended != null && ended.recorded;
  }

  /** Appends an entry in a transaction of its own (journaled on H2), at the store's time. */
  public void record(
      String actor, String action, String target, String outcome, @Nullable String reason) {
    AuditEntry entry = new AuditEntry(0, actor, action, target, Instant.EPOCH, outcome, reason, 0);
    transactions.write(
        dao -> {
          insert(dao, entry);
          return entry;
        });
  }

  /** A page of entries, newest first. */
  public List<AuditEntry> entries(AuditQuery query) {
    return transactions.read(
        dao ->
            dao.auditEntries(
                query.before(),
                query.actor(),
                query.action(),
                query.since(),
                query.until(),
                query.limit()));
  }

  /**
   * Inside a writing transaction: inserts and journals the entry of this thread's attempt, once,
   * when its caller is known. True when it did (the entry counts once the transaction commits).
   */
  boolean recordPending(RegistryDao dao) {
    Pending open = pending.get();
    if (open == null || open.recorded) {
      return false;
    }
    String actor = open.attempt.actor();
    if (actor == null) {
      return false;
    }
    Attempt attempt = open.attempt;
    insert(
        dao,
        new AuditEntry(
            0, actor, attempt.action(), attempt.target(), Instant.EPOCH, AuditEntry.OK, null, 0));
    return true;
  }

  /** The transaction that {@link #recordPending} wrote in committed. */
  void committed() {
    Pending open = pending.get();
    if (open != null) {
      open.recorded = true;
    }
  }

  private void insert(RegistryDao dao, AuditEntry entry) {
    AuditEntry stored = entry.stored(transactions.now().toInstant(), dao.latestChangeId());
    JournalRecord.AuditRecorded record = new JournalRecord.AuditRecorded(stored);
    dao.insertAudit(stored);
    transactions.journal(record);
  }

  /** The attempt of the request on this thread, and whether its entry was written with a change. */
  private static final class Pending {
    private final Attempt attempt;
    private boolean recorded;

    Pending(Attempt attempt) {
      this.attempt = attempt;
    }
  }

  /** An attempt whose parts are read from suppliers. */
  public static Attempt attempt(
      Supplier<@Nullable String> actor, Supplier<String> action, Supplier<String> target) {
    return new Attempt() {
      @Override
      public @Nullable String actor() {
        return actor.get();
      }

      @Override
      public String action() {
        return action.get();
      }

      @Override
      public String target() {
        return target.get();
      }
    };
  }
}
