package dev.tollgate.registry.store;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.store.internal.Rows.ActiveOperationRow;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.customizer.FetchSize;
import org.jdbi.v3.sqlobject.statement.BatchChunkSize;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The statements of schema versions (V3): schemas, activations and per-schema prices. */
@RegisterConstructorMapper(StoredSchema.class)
@RegisterConstructorMapper(SchemaPrice.class)
@RegisterConstructorMapper(SchemaActivation.class)
@RegisterConstructorMapper(ActiveOperationRow.class)
@RegisterConstructorMapper(ActiveDocument.class)
interface SchemaDao {

  int ACTIVE_DOCUMENTS_PAGE = 1_000;
  int PRICE_BATCH = 10_000;

  @SqlUpdate(
      "INSERT INTO schemas (fingerprint, sdl, model, default_list_size, fragment_spreads,"
          + " published_by, created) VALUES (:fingerprint, :sdl, :model, :defaultListSize,"
          + " :fragmentSpreads, :publishedBy, :stamp) ON CONFLICT DO NOTHING")
  int insertSchemaIfAbsent(@BindMethods StoredSchema schema, @Bind("stamp") Timestamp created);

  @SqlQuery("SELECT * FROM schemas WHERE fingerprint = :fingerprint")
  Optional<StoredSchema> findSchema(@Bind("fingerprint") String fingerprint);

  @SqlQuery("SELECT * FROM schemas ORDER BY created, fingerprint")
  List<StoredSchema> schemas();

  @SqlUpdate(
      "INSERT INTO schema_activations (fingerprint, activated_by, forced, at)"
          + " VALUES (:fingerprint, :activatedBy, :forced, :stamp)")
  void insertActivation(@BindMethods SchemaActivation activation, @Bind("stamp") Timestamp at);

  @SqlQuery("SELECT fingerprint, activated_by, forced, at FROM schema_activations ORDER BY id")
  List<SchemaActivation> activations();

  @SqlQuery("SELECT fingerprint FROM schema_activations ORDER BY id DESC LIMIT 1")
  Optional<String> activeFingerprint();

  /** In chunks of {@value #PRICE_BATCH}, so that a registry's worth is never bound at once. */
  @SqlBatch(
      "INSERT INTO operation_prices (schema_fingerprint, document_id, ordinal, valid, price, cost,"
          + " depth) VALUES (:schemaFingerprint, :documentId, :ordinal, :valid, :price, :cost,"
          + " :depth) ON CONFLICT DO NOTHING")
  @BatchChunkSize(PRICE_BATCH)
  void insertPricesIfAbsent(@BindMethods List<SchemaPrice> prices);

  @SqlQuery(
      "SELECT * FROM operation_prices WHERE schema_fingerprint = :fingerprint"
          + " ORDER BY document_id, ordinal")
  List<SchemaPrice> pricesOf(@Bind("fingerprint") String fingerprint);

  /** {@link #pricesOf(String)} as a stream to close, for a registry's worth of prices. */
  @SqlQuery(
      "SELECT * FROM operation_prices WHERE schema_fingerprint = :fingerprint"
          + " ORDER BY document_id, ordinal")
  Stream<SchemaPrice> streamPricesOf(@Bind("fingerprint") String fingerprint);

  @SqlQuery(
      "SELECT * FROM operation_prices WHERE schema_fingerprint = :fingerprint"
          + " AND document_id = :id ORDER BY ordinal")
  List<SchemaPrice> pricesOf(
      @Bind("fingerprint") String fingerprint, @Bind("id") DocumentHash documentId);

  @SqlQuery(
      "SELECT v.app, v.version, vd.document_id, o.ordinal, o.name, o.kind, o.price, o.cost,"
          + " o.depth, o.aliases, o.tokens, o.schema_fingerprint FROM app_versions v"
          + " JOIN version_documents vd ON vd.version_id = v.id"
          + " JOIN operations o ON o.document_id = vd.document_id"
          + " WHERE v.status = 'active' ORDER BY v.app, v.id, vd.document_id, o.ordinal")
  Stream<ActiveOperationRow> activeOperations();

  /** Each document held by an active version, once; a stream to close, read a page at a time. */
  @SqlQuery(
      "SELECT d.id, d.body FROM documents d WHERE EXISTS (SELECT 1 FROM version_documents vd"
          + " JOIN app_versions v ON v.id = vd.version_id"
          + " WHERE vd.document_id = d.id AND v.status = 'active')")
  @FetchSize(ACTIVE_DOCUMENTS_PAGE)
  Stream<ActiveDocument> activeDocuments();

  @SqlUpdate("INSERT INTO changes (kind, app, version, at) VALUES (:kind, '', :fingerprint, :at)")
  void insertSchemaChange(
      @Bind("kind") String kind, @Bind("fingerprint") String fingerprint, @Bind("at") Timestamp at);
}
