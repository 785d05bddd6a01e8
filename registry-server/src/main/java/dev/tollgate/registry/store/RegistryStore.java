package dev.tollgate.registry.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.tollgate.registry.catalog.IssuedKey;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.document.DocumentHash;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.jspecify.annotations.Nullable;

/**
 * The registry store over H2 or PostgreSQL: documents with their priced operations, apps and
 * versions. Opening it migrates the schema (Flyway, {@code classpath:db/migration}). A publication
 * is one transaction: stored whole or not at all. On an H2 file, each change is also appended to a
 * journal and forced to disk before its transaction commits, and the tables are rebuilt from the
 * journal after a crash ({@link EmbeddedStart}). Listeners run after each committed change.
 *
 * <p>One place for its callers over the store's aggregates, each in its own class: versions and
 * publications ({@link VersionStore}), documents and their aliases ({@link DocumentStore}), schema
 * versions ({@link SchemaStore}), API keys ({@link KeyStore}) and measurements ({@link
 * MeasurementStore}), all reading and writing through {@link StoreTransactions}.
 */
public final class RegistryStore implements RegistryReader, AutoCloseable {

  private final HikariDataSource dataSource;
  private final Jdbi jdbi;
  private final StoreTransactions transactions;
  private final VersionStore versions;
  private final DocumentStore documents;
  private final SchemaStore schemas;
  private final KeyStore keys;
  private final TokenStore tokens;
  private final AuditTrail audit;

  private RegistryStore(HikariDataSource dataSource, InstantSource clock) {
    this.dataSource = dataSource;
    this.jdbi =
        Jdbi.create(dataSource)
            .installPlugin(new SqlObjectPlugin())
            .installPlugin(new StoreTypes());
    this.transactions = new StoreTransactions(jdbi, clock);
    this.versions = new VersionStore(transactions);
    this.documents = new DocumentStore(transactions);
    this.schemas = new SchemaStore(transactions);
    this.keys = new KeyStore(transactions);
    this.tokens = new TokenStore(transactions);
    this.audit = new AuditTrail(transactions);
    transactions.auditWith(audit);
  }

  /**
   * Opens a connection pool on {@code config}, migrates the schema and returns the store, which
   * owns the pool until {@link #close()}.
   */
  public static RegistryStore open(StoreSettings config, InstantSource clock) {
    return open(config, clock, null);
  }

  /**
   * As {@link #open(StoreSettings, InstantSource)}, with the pool's metrics in {@code meters}. An
   * H2 file store is opened with its journal ({@link EmbeddedStart}): rebuilt or completed from it
   * when the previous run did not shut down cleanly.
   */
  public static RegistryStore open(
      StoreSettings config, InstantSource clock, @Nullable MeterRegistry meters) {
    Optional<H2Files> files = H2Files.of(config.jdbcUrl());
    if (files.isEmpty()) {
      return connect(config, clock, meters);
    }
    return EmbeddedStart.open(
        files.get(), config.checkpointMegabytes(), () -> connect(config, clock, meters));
  }

  private static RegistryStore connect(
      StoreSettings config, InstantSource clock, @Nullable MeterRegistry meters) {
    HikariConfig pool = new HikariConfig();
    if (meters != null) {
      pool.setMetricRegistry(meters);
    }
    pool.setJdbcUrl(config.jdbcUrl());
    if (!config.user().isEmpty()) {
      pool.setUsername(config.user());
      pool.setPassword(config.password());
    }
    pool.setMaximumPoolSize(config.poolSize());
    pool.setPoolName("tollgate-store");
    HikariDataSource dataSource;
    try {
      dataSource = new HikariDataSource(pool);
    } catch (RuntimeException e) {
      throw StoreUnavailableException.unreachable(config.jdbcUrl(), e);
    }
    try {
      Flyway.configure()
          .dataSource(dataSource)
          .locations("classpath:db/migration")
          .load()
          .migrate();
    } catch (RuntimeException e) {
      dataSource.close();
      throw e;
    }
    return new RegistryStore(dataSource, clock);
  }

  /** From now on, every change is journaled ({@code journal}) before its transaction commits. */
  void journalTo(StoreJournal journal) {
    transactions.journalTo(journal);
  }

  Jdbi jdbi() {
    return jdbi;
  }

  /** The embedded store's journal, or null (PostgreSQL, an in-memory H2). */
  @Nullable StoreJournal journal() {
    return transactions.journal();
  }

  /** API keys issued through the admin API, kept as hashes (issue 27). */
  public KeyStore keys() {
    return keys;
  }

  /** Tokens of the admin API issued at runtime, kept as hashes (issue 27). */
  public TokenStore tokens() {
    return tokens;
  }

  /** The audit trail of the admin API's changes (issue 27). */
  public AuditTrail audit() {
    return audit;
  }

  /** How many audit entries are stored: with the changes, what the journal holds. */
  long auditCount() {
    return transactions.read(AuditDao::auditCount);
  }

  /** The measured-cost tables: calibration counters and usage per operation. */
  public MeasurementStore measurements() {
    return new MeasurementStore(jdbi);
  }

  /**
   * Runs {@code listener} after every committed publication and retirement (on the writer's
   * thread).
   */
  public void addChangeListener(Runnable listener) {
    transactions.addChangeListener(listener);
  }

  /* ---- apps and versions ---- */

  /**
   * Stores {@code publication} whole, or finds the same manifest already stored under its version.
   *
   * @throws StoreException {@code VERSION_CONFLICT} when the version holds a different manifest,
   *     {@code VERSION_RETIRED} when it was retired
   */
  public PublishOutcome publish(Publication publication) {
    return versions.publish(publication);
  }

  /**
   * Retires a version; retiring a retired version changes nothing.
   *
   * @throws StoreException {@code VERSION_NOT_FOUND}
   */
  public AppVersion retire(String app, String version, String retiredBy) {
    return versions.retire(app, version, retiredBy);
  }

  /** How many operations each version of {@code app} holds, by version. */
  public Map<String, Long> operationCounts(String app) {
    return versions.operationCounts(app);
  }

  /** Every app with its versions, by name. */
  public List<AppSummary> apps() {
    return versions.apps();
  }

  /**
   * Whether a manifest with this fingerprint may be published under {@code (app, version)}: the
   * stored version when it already holds this manifest, empty when the version is new.
   *
   * @throws StoreException {@code VERSION_CONFLICT} or {@code VERSION_RETIRED}, as {@link #publish}
   *     would
   */
  public Optional<VersionContents> checkPublishable(
      String app, String version, String manifestFingerprint) {
    return versions.checkPublishable(app, version, manifestFingerprint, false);
  }

  /**
   * As {@link #checkPublishable(String, String, String)}; a {@code replaceable} (SNAPSHOT) version
   * holding another manifest is publishable, and answers empty (the new manifest replaces it).
   */
  public Optional<VersionContents> checkPublishable(
      String app, String version, String manifestFingerprint, boolean replaceable) {
    return versions.checkPublishable(app, version, manifestFingerprint, replaceable);
  }

  /**
   * The publications a later manifest replaced under {@code (app, version)} (a SNAPSHOT version),
   * oldest first; empty for a version never replaced.
   */
  public List<ReplacedPublication> history(String app, String version) {
    return versions.history(app, version);
  }

  /** A version with its documents and their operations. */
  public Optional<VersionContents> findVersion(String app, String version) {
    return versions.findVersion(app, version);
  }

  /* ---- documents and aliases ---- */

  @Override
  public Optional<StoredDocument> findDocument(DocumentHash hash) {
    return documents.findDocument(hash);
  }

  /** Which of {@code hashes} are registered. */
  public Set<DocumentHash> existingDocuments(Collection<DocumentHash> hashes) {
    return documents.existingDocuments(hashes);
  }

  @Override
  public Map<DocumentHash, Set<String>> activeDocumentApps() {
    return documents.activeDocumentApps();
  }

  @Override
  public Map<String, Map<String, DocumentHash>> activeAliases() {
    return documents.activeAliases();
  }

  /** The document that {@code alias} names among the active versions of {@code app}. */
  public Optional<DocumentHash> findAliased(String app, String alias) {
    return documents.findAliased(app, alias);
  }

  /** The custom ids that active versions give to {@code hash}, by app, then alias. */
  public List<DocumentAlias> aliasesOf(DocumentHash hash) {
    return documents.aliasesOf(hash);
  }

  /**
   * Checks custom document ids against the active versions of {@code app} without storing, as
   * {@link #publish} will again inside its transaction.
   *
   * @throws StoreException {@code ALIAS_CONFLICT} naming the alias and both documents
   */
  public void checkAliases(String app, Map<String, DocumentHash> aliases) {
    documents.checkAliases(app, null, aliases);
  }

  /**
   * As {@link #checkAliases(String, Map)}, leaving out the aliases that {@code version} itself
   * gives: a SNAPSHOT version's new manifest replaces them (and a release version's same manifest
   * gives the same ones), so only the app's other active versions can conflict.
   */
  public void checkAliases(String app, String version, Map<String, DocumentHash> aliases) {
    documents.checkAliases(app, version, aliases);
  }

  @Override
  public long latestChangeId() {
    return documents.latestChangeId();
  }

  /** The keys issued at runtime and not revoked, for the gateways and the registry's snapshot. */
  @Override
  public List<IssuedKey> issuedKeys() {
    List<IssuedKey> issued = new ArrayList<>();
    for (StoredKey key : keys.unrevokedKeys()) {
      issued.add(key.issued());
    }
    return issued;
  }

  /* ---- schema versions (issue 13) ---- */

  /**
   * Stores {@code schema} (its {@code created} replaced by the store's time) with the prices
   * computed for it, in one transaction; a schema already stored is returned as it is, and nothing
   * is written.
   */
  public StoredSchema publishSchema(StoredSchema schema, List<SchemaPrice> prices) {
    return schemas.publishSchema(schema, prices);
  }

  /**
   * Makes the stored schema {@code fingerprint} the active one, storing the prices computed for the
   * operations it had none for, in one transaction; then runs the change listeners.
   */
  public SchemaActivation activateSchema(
      String fingerprint, String activatedBy, boolean forced, List<SchemaPrice> prices) {
    return schemas.activateSchema(fingerprint, activatedBy, forced, prices);
  }

  public Optional<StoredSchema> findSchema(String fingerprint) {
    return schemas.findSchema(fingerprint);
  }

  /** Every stored schema, oldest first. */
  public List<StoredSchema> schemas() {
    return schemas.schemas();
  }

  /** The fingerprint of the active schema; empty before the first activation. */
  public Optional<String> activeSchemaFingerprint() {
    return schemas.activeSchemaFingerprint();
  }

  /** The prices stored under {@code fingerprint} for operations registered under another schema. */
  public List<SchemaPrice> schemaPrices(String fingerprint) {
    return schemas.schemaPrices(fingerprint);
  }

  /**
   * {@link #schemaPrices} one at a time, none of them held by the store: a registry's worth of
   * prices need not be in memory at once.
   */
  public void forEachSchemaPrice(String fingerprint, Consumer<SchemaPrice> each) {
    schemas.forEachSchemaPrice(fingerprint, each);
  }

  /**
   * Every operation of every active version (an operation held by two versions is listed twice),
   * priced under the active schema, in one snapshot.
   */
  public List<ActiveOperation> activeOperations() {
    return schemas.activeOperations();
  }

  /**
   * Runs {@code read} on the texts of the documents of the active versions, each once, streamed a
   * page at a time in a read transaction of their own: a snapshot that may differ from the one of a
   * concurrent {@link #activeOperations()} by the versions published or retired in between. {@code
   * read} may iterate once.
   */
  public <T> T readActiveDocuments(Function<Iterable<ActiveDocument>, T> read) {
    return schemas.readActiveDocuments(read);
  }

  /**
   * Runs {@code read} on the {@link #activeOperations()} and the texts of their documents, streamed
   * (each document once), in one snapshot: what a schema's repricing reads.
   */
  public <T> T readActive(ActiveRead<T> read) {
    return schemas.readActive(read);
  }

  @Override
  public void close() {
    StoreJournal open = transactions.journal();
    if (open != null) {
      open.stopCheckpoints(); // a checkpoint being written needs the connections
    }
    dataSource.close();
    if (open != null) {
      open.close();
    }
  }
}
