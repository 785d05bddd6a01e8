package dev.tollgate.registry.store;

import java.time.Instant;
import java.util.List;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.jspecify.annotations.Nullable;

/**
 * The statements of the audit trail (V7): entries are inserted, never updated nor deleted. The
 * filters are bound as typed nulls when absent ({@code CAST(:x AS ...) IS NULL}), which H2 and
 * PostgreSQL both accept.
 */
@RegisterConstructorMapper(AuditEntry.class)
interface AuditDao {

  String AUDIT_COLUMNS = "id, actor, action, target, at, outcome, reason, change_id";

  @SqlUpdate(
      "INSERT INTO audit_log (actor, action, target, at, outcome, reason, change_id) VALUES"
          + " (:actor, :action, :target, :at, :outcome, :reason, :changeId)")
  void insertAudit(@BindMethods AuditEntry entry);

  /** Entries matching the filters with an id below {@code before}, newest first. */
  @SqlQuery(
      "SELECT "
          + AUDIT_COLUMNS
          + " FROM audit_log WHERE id < :before"
          + " AND (CAST(:actor AS VARCHAR(200)) IS NULL OR actor = :actor)"
          + " AND (CAST(:action AS VARCHAR(100)) IS NULL OR action = :action)"
          + " AND (CAST(:since AS TIMESTAMP WITH TIME ZONE) IS NULL OR at >= :since)"
          + " AND (CAST(:until AS TIMESTAMP WITH TIME ZONE) IS NULL OR at < :until)"
          + " ORDER BY id DESC LIMIT :limit")
  List<AuditEntry> auditEntries(
      @Bind("before") long before,
      @Bind("actor") @Nullable String actor,
      @Bind("action") @Nullable String action,
      @Bind("since") @Nullable Instant since,
      @Bind("until") @Nullable Instant until,
      @Bind("limit") int limit);

  /** Every entry, oldest first: what a journal written from the tables holds. */
  @SqlQuery("SELECT " + AUDIT_COLUMNS + " FROM audit_log ORDER BY id")
  List<AuditEntry> allAuditEntries();

  @SqlQuery("SELECT COUNT(*) FROM audit_log")
  long auditCount();
}
