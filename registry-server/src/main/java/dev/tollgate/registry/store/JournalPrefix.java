package dev.tollgate.registry.store;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tollgate.registry.store.internal.Rows.ChangeRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether an H2 file holds exactly the journal's first N records, N being its count of changes and
 * audit entries: the file a killed process left, which H2 reopens at its last committed transaction
 * ({@link JournalRecovery#openAsLeft}). Writers commit in journal order and a record is forced to
 * the journal before its transaction commits, so the file of that journal holds one of its
 * prefixes; this check makes sure it is that journal's: among the first N records, as many changes
 * and audit entries as the tables hold, the last change the table's last change (kind, app, version
 * and time) and the last audit entry the table's last entry. A file from another history, or ahead
 * of the journal, fails it.
 */
final class JournalPrefix {

  /** H2 keeps timestamps to the microsecond; the journal to the nanosecond. */
  private static final Duration SAME_TIME = Duration.ofMillis(1);

  private JournalPrefix() {}

  /**
   * Why the tables of {@code store} are not the first records of {@code payloads}; empty when they
   * are.
   */
  static Optional<String> mismatch(RegistryStore store, List<byte[]> payloads) {
    long changes = store.latestChangeId();
    long audits = store.auditCount();
    long held = changes + audits;
    if (held > payloads.size()) {
      return Optional.of(
          "it holds " + held + " changes and audit entries, the journal " + payloads.size());
    }
    int lastChange = -1;
    int lastAudit = -1;
    long journaledAudits = 0;
    for (int i = 0; i < held; i++) {
      if (isAudit(payloads.get(i))) {
        journaledAudits++;
        lastAudit = i;
      } else {
        lastChange = i;
      }
    }
    if (journaledAudits != audits) {
      return Optional.of(
          "it holds "
              + audits
              + " audit entries, the journal's first "
              + held
              + " records "
              + journaledAudits);
    }
    if (lastChange >= 0) {
      ChangeRow expected = changeRow(payloads.get(lastChange));
      Optional<ChangeRow> stored =
          store.jdbi().withExtension(RegistryDao.class, RegistryDao::lastChange);
      if (stored.isEmpty() || !same(stored.get(), expected)) {
        return Optional.of(
            "its last change is "
                + stored.map(Object::toString).orElse("none")
                + ", the journal's record "
                + (lastChange + 1)
                + " is "
                + expected);
      }
    }
    if (lastAudit >= 0) {
      AuditEntry expected =
          ((JournalRecord.AuditRecorded) JournalRecord.decode(payloads.get(lastAudit))).entry();
      Optional<AuditEntry> stored =
          store
              .jdbi()
              .withExtension(
                  AuditDao.class,
                  dao ->
                      dao.auditEntries(Long.MAX_VALUE, null, null, null, null, 1).stream()
                          .findFirst());
      if (stored.isEmpty() || !same(stored.get(), expected)) {
        return Optional.of(
            "its last audit entry is "
                + stored.map(Object::toString).orElse("none")
                + ", the journal's record "
                + (lastAudit + 1)
                + " is "
                + expected);
      }
    }
    return Optional.empty();
  }

  /**
   * The row of the change log a change's record wrote (as the DAOs insert it), from the record's
   * leading fields: {@code app} and {@code version} for a publication or retirement, else the
   * schema's {@code fingerprint} or the key's or token's {@code id} as the version.
   */
  static ChangeRow changeRow(byte[] payload) {
    Map<String, String> fields = leadingFields(payload);
    String kind = fields.getOrDefault("kind", "");
    Instant at = Instant.parse(fields.getOrDefault("at", Instant.EPOCH.toString()));
    return switch (kind) {
      case "publish", "retire" ->
          new ChangeRow(
              kind, fields.getOrDefault("app", ""), fields.getOrDefault("version", ""), at);
      case SchemaTransactions.PUBLISH_KIND, SchemaTransactions.ACTIVATE_KIND ->
          new ChangeRow(kind, "", fields.getOrDefault("fingerprint", ""), at);
      default -> new ChangeRow(kind, "", fields.getOrDefault("id", ""), at);
    };
  }

  private static boolean same(ChangeRow stored, ChangeRow expected) {
    return stored.kind().equals(expected.kind())
        && Objects.equals(stored.app(), expected.app())
        && Objects.equals(stored.version(), expected.version())
        && sameTime(stored.at(), expected.at());
  }

  private static boolean same(AuditEntry stored, AuditEntry expected) {
    return stored.actor().equals(expected.actor())
        && stored.action().equals(expected.action())
        && stored.target().equals(expected.target())
        && stored.outcome().equals(expected.outcome())
        && Objects.equals(stored.reason(), expected.reason())
        && stored.changeId() == expected.changeId()
        && sameTime(stored.at(), expected.at());
  }

  private static boolean sameTime(Instant stored, Instant journaled) {
    return Duration.between(stored, journaled).abs().compareTo(SAME_TIME) < 0;
  }

  /** Whether a record is an audit entry, from its {@code kind} alone. */
  static boolean isAudit(byte[] payload) {
    return AuditRecords.KIND.equals(leadingFields(payload).get("kind"));
  }

  /**
   * A record's top-level text and number fields up to its first array or object: every record
   * writes {@code at}, {@code kind} and what names its change before any list (a publication's
   * documents), so the rest, however long, is not parsed.
   */
  private static Map<String, String> leadingFields(byte[] payload) {
    Map<String, String> fields = new HashMap<>();
    try (JsonParser parser = JournalRecord.JSON.getFactory().createParser(payload)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return fields;
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
          break;
        }
        fields.put(field, parser.getText());
      }
      return fields;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read a journal record", e);
    }
  }
}
