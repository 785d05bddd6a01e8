package dev.tollgate.registry.store;

import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.store.internal.Rows.AppRow;
import dev.tollgate.registry.store.internal.Rows.ChangeRow;
import dev.tollgate.registry.store.internal.Rows.DocumentApp;
import dev.tollgate.registry.store.internal.Rows.DocumentOperation;
import dev.tollgate.registry.store.internal.Rows.DocumentRow;
import java.sql.Timestamp;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.KeyColumn;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.config.ValueColumn;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.GetGeneratedKeys;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * Every statement of the store. Transactions are opened by {@link RegistryStore}; inserts of shared
 * rows (apps, documents) are insert-if-absent so that overlapping publications never collide.
 */
@RegisterConstructorMapper(DocumentRow.class)
@RegisterConstructorMapper(StoredOperation.class)
@RegisterConstructorMapper(DocumentOperation.class)
@RegisterConstructorMapper(AppRow.class)
@RegisterConstructorMapper(DocumentApp.class)
@RegisterConstructorMapper(ChangeRow.class)
@RegisterConstructorMapper(ReplacedPublication.class)
interface RegistryDao extends AliasDao, SchemaDao, KeyDao, TokenDao, AuditDao {

  /* ---- documents and operations ---- */

  @SqlBatch(
      "INSERT INTO documents (id, body, created) VALUES (:hash, :body, :created) ON CONFLICT DO NOTHING")
  int[] insertDocumentsIfAbsent(
      @BindMethods List<NewDocument> documents, @Bind("created") Timestamp created);

  /**
   * Inserts {@code operations}, the {@code i}-th as the {@code ordinals[i]}-th operation of {@code
   * documents[i]}. The operation is bound by its flat accessors (Jdbi prepares those once per
   * batch, while nested properties are looked up again on every row, and a publication binds
   * thousands).
   */
  @SqlBatch(
      "INSERT INTO operations (document_id, ordinal, name, kind, price, cost, depth, aliases, tokens,"
          + " schema_fingerprint) VALUES (:documentId, :ordinal, :name, :kind, :price, :cost, :depth, :aliases, :tokens,"
          + " :schemaFingerprint)")
  void insertOperations(
      @Bind("documentId") List<DocumentHash> documents,
      @Bind("ordinal") List<Integer> ordinals,
      @BindMethods List<StoredOperation> operations);

  @SqlQuery("SELECT id, body, created FROM documents WHERE id = :id")
  Optional<DocumentRow> findDocument(@Bind("id") DocumentHash id);

  @SqlQuery("SELECT * FROM operations WHERE document_id = :id ORDER BY ordinal")
  List<StoredOperation> operationsOf(@Bind("id") DocumentHash id);

  @SqlQuery("SELECT id FROM documents WHERE id IN (<ids>)")
  List<DocumentHash> existingDocuments(@BindList("ids") Collection<DocumentHash> ids);

  /* ---- apps and versions ---- */

  @SqlUpdate("INSERT INTO apps (name, created) VALUES (:name, :created) ON CONFLICT DO NOTHING")
  int insertAppIfAbsent(@Bind("name") String name, @Bind("created") Timestamp created);

  @SqlQuery("SELECT name, created FROM apps ORDER BY name")
  List<AppRow> apps();

  @SqlQuery("SELECT * FROM app_versions ORDER BY app, id")
  List<VersionRow> versions();

  @SqlQuery("SELECT * FROM app_versions WHERE app = :app AND version = :version")
  Optional<VersionRow> findVersion(@Bind("app") String app, @Bind("version") String version);

  @SqlUpdate(
      "INSERT INTO app_versions (app, version, status, manifest_fingerprint, published_by, created)"
          + " VALUES (:app, :version, 'active', :fingerprint, :publishedBy, :created)")
  @GetGeneratedKeys("id")
  long insertVersion(
      @Bind("app") String app,
      @Bind("version") String version,
      @Bind("fingerprint") String fingerprint,
      @Bind("publishedBy") String publishedBy,
      @Bind("created") Timestamp created);

  @SqlUpdate(
      "UPDATE app_versions SET status = 'retired', retired_by = :by, retired = :at"
          + " WHERE id = :id AND status = 'active'")
  int retireVersion(@Bind("id") long id, @Bind("by") String by, @Bind("at") Timestamp at);

  @SqlUpdate(
      "INSERT INTO version_history (version_id, manifest_fingerprint, published_by, published,"
          + " replaced_by, replaced) SELECT id, manifest_fingerprint, published_by, created, :by, :at"
          + " FROM app_versions WHERE id = :id")
  void recordReplaced(@Bind("id") long id, @Bind("by") String by, @Bind("at") Timestamp at);

  @SqlQuery(
      "SELECT h.manifest_fingerprint, h.published_by, h.published, h.replaced_by, h.replaced"
          + " FROM version_history h JOIN app_versions v ON v.id = h.version_id"
          + " WHERE v.app = :app AND v.version = :version ORDER BY h.replaced, h.published")
  List<ReplacedPublication> history(@Bind("app") String app, @Bind("version") String version);

  @SqlUpdate(
      "UPDATE app_versions SET manifest_fingerprint = :fingerprint, published_by = :by,"
          + " created = :at WHERE id = :id")
  void replaceVersion(
      @Bind("id") long id,
      @Bind("fingerprint") String fingerprint,
      @Bind("by") String by,
      @Bind("at") Timestamp at);

  @SqlUpdate("DELETE FROM version_documents WHERE version_id = :versionId")
  void unlinkDocuments(@Bind("versionId") long versionId);

  @SqlBatch(
      "INSERT INTO version_documents (version_id, document_id) VALUES (:versionId, :documentId)")
  void linkDocuments(
      @Bind("versionId") long versionId, @Bind("documentId") List<DocumentHash> documents);

  @SqlQuery(
      "SELECT d.id, d.body, d.created FROM documents d"
          + " JOIN version_documents vd ON vd.document_id = d.id WHERE vd.version_id = :versionId ORDER BY d.id")
  List<DocumentRow> documentsOf(@Bind("versionId") long versionId);

  @SqlQuery(
      "SELECT o.* FROM operations o JOIN version_documents vd ON vd.document_id = o.document_id"
          + " WHERE vd.version_id = :versionId ORDER BY o.document_id, o.ordinal")
  List<DocumentOperation> operationsOfVersion(@Bind("versionId") long versionId);

  @SqlQuery(
      "SELECT v.version, COUNT(o.ordinal) AS operations FROM app_versions v"
          + " LEFT JOIN version_documents vd ON vd.version_id = v.id"
          + " LEFT JOIN operations o ON o.document_id = vd.document_id"
          + " WHERE v.app = :app GROUP BY v.version")
  @KeyColumn("version")
  @ValueColumn("operations")
  Map<String, Long> operationCounts(@Bind("app") String app);

  @SqlQuery(
      "SELECT DISTINCT vd.document_id, v.app FROM version_documents vd"
          + " JOIN app_versions v ON v.id = vd.version_id WHERE v.status = 'active'")
  List<DocumentApp> activeDocumentApps();

  /* ---- change log ---- */

  @SqlUpdate("INSERT INTO changes (kind, app, version, at) VALUES (:kind, :app, :version, :at)")
  void insertChange(
      @Bind("kind") String kind,
      @Bind("app") String app,
      @Bind("version") String version,
      @Bind("at") Timestamp at);

  @SqlQuery("SELECT kind, app, version, at FROM changes ORDER BY id")
  List<ChangeRow> changes();

  @SqlQuery("SELECT kind, app, version, at FROM changes ORDER BY id DESC LIMIT 1")
  Optional<ChangeRow> lastChange();

  // The count, not MAX(id): ids are taken at insert but transactions may commit out of order, so a
  // poll could see id 11 before id 10 commits and then never notice 10. Rows are only ever added,
  // so the count moves on every commit.
  @SqlQuery(LATEST_CHANGE_ID)
  long latestChangeId();

  /** {@link #latestChangeId}'s query, which the gateways' poll also runs without this interface. */
  String LATEST_CHANGE_ID = "SELECT COUNT(*) FROM changes";
}
