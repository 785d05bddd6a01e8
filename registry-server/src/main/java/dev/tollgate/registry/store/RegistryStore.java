package dev.tollgate.registry.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.store.internal.AliasRow;
import dev.tollgate.registry.store.internal.Rows.AppRow;
import dev.tollgate.registry.store.internal.Rows.DocumentApp;
import dev.tollgate.registry.store.internal.Rows.VersionRow;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Timestamp;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The registry store over H2 or PostgreSQL: documents with their priced operations, apps and
 * versions. Opening it migrates the schema (Flyway, {@code classpath:db/migration}). A publication
 * is one transaction: stored whole or not at all. On an H2 file, each change is also appended to a
 * journal and forced to disk before its transaction commits, and the tables are rebuilt from the
 * journal after a crash ({@link EmbeddedStart}). Listeners run after each committed change.
 */
public final class RegistryStore implements RegistryReader, AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(RegistryStore.class);
  private static final int MAX_ATTEMPTS = 5;
  private static final int IN_LIST_CHUNK = 500;

  private final HikariDataSource dataSource;
  private final Jdbi jdbi;
  private final InstantSource clock;
  private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
  private volatile @Nullable StoreJournal journal;

  private RegistryStore(HikariDataSource dataSource, InstantSource clock) {
    this.dataSource = dataSource;
    this.clock = clock;
    this.jdbi =
        Jdbi.create(dataSource)
            .installPlugin(new SqlObjectPlugin())
            .installPlugin(new StoreTypes());
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
    return EmbeddedStart.open(files.get(), () -> connect(config, clock, meters));
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
    this.journal = journal;
  }

  Jdbi jdbi() {
    return jdbi;
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
    listeners.add(listener);
  }

  /**
   * Stores {@code publication} whole, or finds the same manifest already stored under its version.
   *
   * @throws StoreException {@code VERSION_CONFLICT} when the version holds a different manifest,
   *     {@code VERSION_RETIRED} when it was retired
   */
  public PublishOutcome publish(Publication publication) {
    PublishOutcome outcome =
        write(
            dao -> {
              Timestamp now = now();
              PublishOutcome result = new PublishTransaction(dao, now).run(publication);
              if (result.created()) {
                journal(new JournalRecord.Published(publication, now.toInstant()));
              }
              return result;
            });
    if (outcome.created()) {
      notifyListeners();
    }
    return outcome;
  }

  /**
   * Retires a version; retiring a retired version changes nothing.
   *
   * @throws StoreException {@code VERSION_NOT_FOUND}
   */
  public AppVersion retire(String app, String version, String retiredBy) {
    boolean[] changed = new boolean[1];
    AppVersion retired =
        write(
            dao -> {
              VersionRow row =
                  dao.findVersion(app, version)
                      .orElseThrow(() -> StoreException.versionNotFound(app, version));
              Timestamp now = now();
              changed[0] = dao.retireVersion(row.id(), retiredBy, now) > 0;
              if (changed[0]) {
                dao.insertChange("retire", app, version, now);
                journal(new JournalRecord.Retired(app, version, retiredBy, now.toInstant()));
              }
              return dao.findVersion(app, version).orElseThrow().version();
            });
    if (changed[0]) {
      notifyListeners();
    }
    return retired;
  }

  @Override
  public Optional<StoredDocument> findDocument(DocumentHash hash) {
    return jdbi.withExtension(
        RegistryDao.class,
        dao ->
            dao.findDocument(hash)
                .map(
                    row ->
                        new StoredDocument(
                            row.hash(),
                            row.body(),
                            row.created(),
                            ActivePrices.of(dao, hash, operationsOf(dao, hash)))));
  }

  /** Which of {@code hashes} are registered. */
  public Set<DocumentHash> existingDocuments(Collection<DocumentHash> hashes) {
    List<DocumentHash> ids = List.copyOf(hashes);
    Set<DocumentHash> existing = new HashSet<>();
    jdbi.useExtension(
        RegistryDao.class,
        dao -> {
          for (int from = 0; from < ids.size(); from += IN_LIST_CHUNK) {
            existing.addAll(
                dao.existingDocuments(
                    ids.subList(from, Math.min(ids.size(), from + IN_LIST_CHUNK))));
          }
        });
    return existing;
  }

  /** Every app with its versions, by name. */
  public List<AppSummary> apps() {
    return jdbi.inTransaction(
        handle -> {
          RegistryDao dao = handle.attach(RegistryDao.class);
          Map<String, List<AppVersion>> versions = new LinkedHashMap<>();
          for (VersionRow row : dao.versions()) {
            versions
                .computeIfAbsent(row.version().app(), app -> new ArrayList<>())
                .add(row.version());
          }
          List<AppSummary> apps = new ArrayList<>();
          for (AppRow app : dao.apps()) {
            apps.add(
                new AppSummary(
                    app.name(), app.created(), versions.getOrDefault(app.name(), List.of())));
          }
          return apps;
        });
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
    return checkPublishable(app, version, manifestFingerprint, false);
  }

  /**
   * As {@link #checkPublishable(String, String, String)}; a {@code replaceable} (SNAPSHOT) version
   * holding another manifest is publishable, and answers empty (the new manifest replaces it).
   */
  public Optional<VersionContents> checkPublishable(
      String app, String version, String manifestFingerprint, boolean replaceable) {
    Optional<VersionContents> stored = findVersion(app, version);
    if (stored.isEmpty()) {
      return stored;
    }
    AppVersion contents = stored.get().version();
    PublishTransaction.requirePublishable(contents, manifestFingerprint, replaceable);
    return contents.manifestFingerprint().equals(manifestFingerprint) ? stored : Optional.empty();
  }

  /**
   * The publications a later manifest replaced under {@code (app, version)} (a SNAPSHOT version),
   * oldest first; empty for a version never replaced.
   */
  public List<ReplacedPublication> history(String app, String version) {
    return jdbi.withExtension(RegistryDao.class, dao -> dao.history(app, version));
  }

  /** A version with its documents and their operations. */
  public Optional<VersionContents> findVersion(String app, String version) {
    return jdbi.inTransaction(
        handle -> {
          RegistryDao dao = handle.attach(RegistryDao.class);
          return dao.findVersion(app, version).map(row -> VersionReader.contents(dao, row));
        });
  }

  @Override
  public Map<DocumentHash, Set<String>> activeDocumentApps() {
    Map<DocumentHash, Set<String>> apps = new LinkedHashMap<>();
    for (DocumentApp pair :
        jdbi.withExtension(RegistryDao.class, RegistryDao::activeDocumentApps)) {
      apps.computeIfAbsent(pair.documentId(), hash -> new HashSet<>()).add(pair.app());
    }
    apps.replaceAll((hash, names) -> Set.copyOf(names));
    return Collections.unmodifiableMap(apps);
  }

  @Override
  public Map<String, Map<String, DocumentHash>> activeAliases() {
    Map<String, Map<String, DocumentHash>> aliases = new HashMap<>();
    for (AliasRow row : jdbi.withExtension(RegistryDao.class, RegistryDao::activeAliases)) {
      aliases
          .computeIfAbsent(row.alias(), alias -> new HashMap<>())
          .put(row.app(), row.documentId());
    }
    aliases.replaceAll((alias, apps) -> Map.copyOf(apps));
    return Collections.unmodifiableMap(aliases);
  }

  /** The document that {@code alias} names among the active versions of {@code app}. */
  public Optional<DocumentHash> findAliased(String app, String alias) {
    List<AliasRow> rows =
        jdbi.withExtension(RegistryDao.class, dao -> dao.activeAliasesOf(app, List.of(alias)));
    return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0).documentId());
  }

  /** The custom ids that active versions give to {@code hash}, by app, then alias. */
  public List<DocumentAlias> aliasesOf(DocumentHash hash) {
    List<DocumentAlias> aliases = new ArrayList<>();
    for (AliasRow row :
        jdbi.withExtension(RegistryDao.class, dao -> dao.activeAliasesOfDocument(hash))) {
      aliases.add(new DocumentAlias(row.app(), row.alias(), row.documentId()));
    }
    return aliases;
  }

  /**
   * Checks custom document ids against the active versions of {@code app} without storing, as
   * {@link #publish} will again inside its transaction.
   *
   * @throws StoreException {@code ALIAS_CONFLICT} naming the alias and both documents
   */
  public void checkAliases(String app, Map<String, DocumentHash> aliases) {
    if (!aliases.isEmpty()) {
      jdbi.useExtension(
          RegistryDao.class, dao -> VersionAliases.requireNoConflict(dao, app, aliases));
    }
  }

  /**
   * As {@link #checkAliases(String, Map)}, leaving out the aliases that {@code version} itself
   * gives: a SNAPSHOT version's new manifest replaces them (and a release version's same manifest
   * gives the same ones), so only the app's other active versions can conflict.
   */
  public void checkAliases(String app, String version, Map<String, DocumentHash> aliases) {
    if (!aliases.isEmpty()) {
      jdbi.useExtension(
          RegistryDao.class, dao -> VersionAliases.requireNoConflict(dao, app, aliases, version));
    }
  }

  @Override
  public long latestChangeId() {
    return jdbi.withExtension(RegistryDao.class, RegistryDao::latestChangeId);
  }

  /* ---- schema versions (issue 13) ---- */

  /**
   * Stores {@code schema} (its {@code created} replaced by the store's time) with the prices
   * computed for it, in one transaction; a schema already stored is returned as it is, and nothing
   * is written.
   */
  public StoredSchema publishSchema(StoredSchema schema, List<SchemaPrice> prices) {
    return write(
        dao -> {
          Optional<StoredSchema> stored = dao.findSchema(schema.fingerprint());
          if (stored.isPresent()) {
            return stored.get();
          }
          StoredSchema dated =
              new StoredSchema(
                  schema.fingerprint(),
                  schema.sdl(),
                  schema.model(),
                  schema.defaultListSize(),
                  schema.fragmentSpreads(),
                  schema.publishedBy(),
                  now().toInstant());
          SchemaTransactions.publish(dao, dated, prices);
          journal(new JournalRecord.SchemaPublished(dated, prices));
          return dated;
        });
  }

  /**
   * Makes the stored schema {@code fingerprint} the active one, storing the prices computed for the
   * operations it had none for, in one transaction; then runs the change listeners.
   */
  public SchemaActivation activateSchema(
      String fingerprint, String activatedBy, boolean forced, List<SchemaPrice> prices) {
    SchemaActivation activation =
        write(
            dao -> {
              SchemaActivation made =
                  new SchemaActivation(fingerprint, activatedBy, forced, now().toInstant());
              SchemaTransactions.activate(dao, made, prices);
              journal(new JournalRecord.SchemaActivated(made, prices));
              return made;
            });
    notifyListeners();
    return activation;
  }

  public Optional<StoredSchema> findSchema(String fingerprint) {
    return jdbi.withExtension(RegistryDao.class, dao -> dao.findSchema(fingerprint));
  }

  /** Every stored schema, oldest first. */
  public List<StoredSchema> schemas() {
    return jdbi.withExtension(RegistryDao.class, RegistryDao::schemas);
  }

  /** The fingerprint of the active schema; empty before the first activation. */
  public Optional<String> activeSchemaFingerprint() {
    return jdbi.withExtension(RegistryDao.class, RegistryDao::activeFingerprint);
  }

  /** The prices stored under {@code fingerprint} for operations registered under another schema. */
  public List<SchemaPrice> schemaPrices(String fingerprint) {
    return jdbi.withExtension(RegistryDao.class, dao -> dao.pricesOf(fingerprint));
  }

  /**
   * Every operation of every active version (an operation held by two versions is listed twice),
   * priced under the active schema, in one snapshot.
   */
  public List<ActiveOperation> activeOperations() {
    return jdbi.inTransaction(
        handle -> ActivePrices.activeOperations(handle.attach(RegistryDao.class)));
  }

  @Override
  public void close() {
    dataSource.close();
    StoreJournal open = journal;
    if (open != null) {
      open.close();
    }
  }

  private static List<StoredOperation> operationsOf(RegistryDao dao, DocumentHash hash) {
    List<StoredOperation> operations = new ArrayList<>();
    dao.operationsOf(hash).forEach(row -> operations.add(row.operation()));
    return operations;
  }

  /**
   * A writing transaction. With a journal, writers take turns, so the journal's records are in
   * commit order; a record appended by a transaction that then fails (or is retried) is cut off.
   */
  private <T> T write(TransactionWork<T> work) {
    StoreJournal open = journal;
    if (open == null) {
      return inTransaction(work);
    }
    synchronized (open) {
      long size = open.size();
      try {
        return inTransaction(
            dao -> {
              open.cutBackTo(size);
              return work.run(dao);
            });
      } catch (RuntimeException e) {
        open.cutBackTo(size);
        throw e;
      }
    }
  }

  private void journal(JournalRecord record) {
    StoreJournal open = journal;
    if (open != null) {
      open.append(record);
    }
  }

  private <T> T inTransaction(TransactionWork<T> work) {
    for (int attempt = 1; ; attempt++) {
      try {
        return jdbi.inTransaction(handle -> work.run(handle.attach(RegistryDao.class)));
      } catch (RuntimeException e) {
        if (attempt >= MAX_ATTEMPTS || !TransientFailures.isTransient(e)) {
          throw e;
        }
        LOG.debug("retrying a transaction after a transient failure (attempt {})", attempt, e);
      }
    }
  }

  private Timestamp now() {
    return Timestamp.from(clock.instant());
  }

  private void notifyListeners() {
    for (Runnable listener : listeners) {
      try {
        listener.run();
      } catch (RuntimeException e) {
        LOG.warn("a registry change listener failed", e);
      }
    }
  }

  @FunctionalInterface
  private interface TransactionWork<T> {
    T run(RegistryDao dao);
  }
}
