package dev.tollgate.registry.store;

import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.store.internal.AliasRow;
import dev.tollgate.registry.store.internal.Rows.ChangeRow;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Jdbi;
import org.jspecify.annotations.Nullable;

/**
 * Journal records to rows and back. Replaying a record runs the statements the original change ran,
 * with its timestamps, in transactions of about {@link #BATCH_OPERATIONS} operations (batched
 * inserts, never a delete): a rebuild costs about what the publications cost to store, without
 * their pricing.
 */
final class JournalReplay {

  /** What a replay stored. */
  record Counts(int publications, int retirements, long operations) {}

  private static final int BATCH_OPERATIONS = 20_000;

  private JournalReplay() {}

  static Counts replay(Jdbi jdbi, List<JournalRecord> records) {
    int publications = 0;
    int retirements = 0;
    long operations = 0;
    int from = 0;
    while (from < records.size()) {
      int to = from;
      long batch = 0;
      while (to < records.size() && (to == from || batch < BATCH_OPERATIONS)) {
        long size = operations(records.get(to));
        batch += size;
        operations += size;
        if (records.get(to) instanceof JournalRecord.Published) {
          publications++;
        } else if (records.get(to) instanceof JournalRecord.Retired) {
          retirements++;
        }
        to++;
      }
      List<JournalRecord> slice = records.subList(from, to);
      jdbi.useTransaction(
          handle -> {
            RegistryDao dao = handle.attach(RegistryDao.class);
            slice.forEach(record -> apply(dao, record));
          });
      from = to;
    }
    return new Counts(publications, retirements, operations);
  }

  /** Runs the statements of {@code record} in the caller's transaction. */
  static void apply(RegistryDao dao, JournalRecord record) {
    Timestamp at = Timestamp.from(record.at());
    if (record instanceof JournalRecord.Published published) {
      new PublishTransaction(dao, at).run(published.publication());
    } else if (record instanceof JournalRecord.SchemaPublished schema) {
      SchemaTransactions.publish(dao, schema.schema(), schema.prices());
    } else if (record instanceof JournalRecord.SchemaActivated activated) {
      SchemaTransactions.activate(dao, activated.activation(), activated.prices());
    } else if (record instanceof JournalRecord.KeySaved key) {
      KeyRecords.apply(dao, key);
    } else if (record instanceof JournalRecord.TokenSaved token) {
      TokenRecords.apply(dao, token);
    } else if (record instanceof JournalRecord.AuditRecorded audit) {
      dao.insertAudit(audit.entry());
    } else if (record instanceof JournalRecord.Retired retired) {
      VersionRow row =
          storedVersion(
              dao,
              retired.app(),
              retired.version(),
              "the journal retires a version it never published");
      if (dao.retireVersion(row.id(), retired.retiredBy(), at) > 0) {
        dao.insertChange("retire", retired.app(), retired.version(), at);
      }
    }
  }

  /**
   * The records of every change in the tables, in the order they were made, each audit entry right
   * after the change it was written with (or after the last change before it).
   */
  static List<JournalRecord> export(RegistryDao dao) {
    List<JournalRecord> records = new ArrayList<>();
    AuditExport audit = new AuditExport(dao.allAuditEntries());
    audit.addUpTo(0, records);
    long changeNumber = 0;
    for (JournalRecord change : exportChanges(dao)) {
      records.add(change);
      audit.addUpTo(++changeNumber, records);
    }
    audit.addUpTo(Long.MAX_VALUE, records);
    return records;
  }

  /** Audit entries in id order, handed out up to a change number. */
  private static final class AuditExport {
    private final Iterator<AuditEntry> entries;
    private @Nullable AuditEntry next;

    AuditExport(List<AuditEntry> entries) {
      this.entries = entries.iterator();
      this.next = this.entries.hasNext() ? this.entries.next() : null;
    }

    void addUpTo(long changeNumber, List<JournalRecord> records) {
      while (next != null && next.changeId() <= changeNumber) {
        records.add(new JournalRecord.AuditRecorded(next));
        next = entries.hasNext() ? entries.next() : null;
      }
    }
  }

  private static List<JournalRecord> exportChanges(RegistryDao dao) {
    List<JournalRecord> records = new ArrayList<>();
    Iterator<SchemaActivation> activations = dao.activations().iterator();
    for (ChangeRow change : dao.changes()) {
      JournalRecord schema = exportSchemaChange(dao, change, activations);
      if (schema != null) {
        records.add(schema);
        continue;
      }
      if (change.kind().equals(TokenRecords.KIND)) {
        records.add(
            new JournalRecord.TokenSaved(
                dao.findToken(change.version())
                    .orElseThrow(
                        () ->
                            new IllegalStateException(
                                "the change log names a token that is not stored: "
                                    + change.version())),
                change.at()));
        continue;
      }
      if (change.kind().equals(KeyRecords.KIND)) {
        // the key's row as it is now, once per change: replayed, they leave that row
        records.add(
            new JournalRecord.KeySaved(
                dao.findKey(change.version())
                    .orElseThrow(
                        () ->
                            new IllegalStateException(
                                "the change log names a key that is not stored: "
                                    + change.version())),
                change.at()));
        continue;
      }
      VersionRow row =
          storedVersion(
              dao,
              change.app(),
              change.version(),
              "the change log names a version that is not stored");
      AppVersion version = row.version();
      if (change.kind().equals("retire")) {
        records.add(
            new JournalRecord.Retired(
                version.app(),
                version.version(),
                String.valueOf(version.retiredBy()),
                change.at()));
        continue;
      }
      List<NewDocument> documents = new ArrayList<>();
      for (StoredDocument document : VersionReader.contents(dao, row).documents()) {
        documents.add(new NewDocument(document.hash(), document.body(), document.operations()));
      }
      records.add(
          new JournalRecord.Published(
              new Publication(
                  version.app(),
                  version.version(),
                  version.manifestFingerprint(),
                  version.publishedBy(),
                  documents,
                  aliasesOf(dao, row)),
              change.at()));
    }
    return records;
  }

  /** The stored version, which {@code missing} says must exist. */
  private static VersionRow storedVersion(
      RegistryDao dao, String app, String version, String missing) {
    return dao.findVersion(app, version)
        .orElseThrow(() -> new IllegalStateException(missing + ": " + app + "/" + version));
  }

  private static Map<String, DocumentHash> aliasesOf(RegistryDao dao, VersionRow row) {
    Map<String, DocumentHash> aliases = new LinkedHashMap<>();
    for (AliasRow alias : dao.aliasesOfVersion(row.id())) {
      aliases.put(alias.alias(), alias.documentId());
    }
    return aliases;
  }

  /**
   * A schema change as a record: a publication with every price stored under the schema (the replay
   * inserts them whatever their order), an activation with none.
   */
  private static @Nullable JournalRecord exportSchemaChange(
      RegistryDao dao, ChangeRow change, Iterator<SchemaActivation> activations) {
    if (change.kind().equals(SchemaTransactions.PUBLISH_KIND)) {
      StoredSchema schema =
          dao.findSchema(change.version())
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "the change log names a schema that is not stored: " + change.version()));
      return new JournalRecord.SchemaPublished(schema, dao.pricesOf(schema.fingerprint()));
    }
    if (change.kind().equals(SchemaTransactions.ACTIVATE_KIND)) {
      return new JournalRecord.SchemaActivated(activations.next(), List.of());
    }
    return null;
  }

  private static long operations(JournalRecord record) {
    if (record instanceof JournalRecord.SchemaPublished schema) {
      return schema.prices().size();
    }
    if (record instanceof JournalRecord.SchemaActivated activated) {
      return activated.prices().size();
    }
    if (record instanceof JournalRecord.Published published) {
      long count = 0;
      for (NewDocument document : published.publication().documents()) {
        count += document.operations().size();
      }
      return count;
    }
    return 0;
  }
}
