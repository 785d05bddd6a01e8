package dev.tollgate.registry.schema;

import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.BrokenPrice;
import dev.tollgate.registry.pricing.CompiledPrice;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.store.ActiveOperation;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.StoredSchema;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Schema versions' entry: publishes a schema (with its impact report, or only the report for a dry
 * run), activates one atomically, lists them, and keeps this server's {@link ActiveSchema} on the
 * registry's active schema ({@link #sync()}, run on every catalog refresh). Prices are computed
 * before the store's transaction, so a crash while repricing leaves the active schema and every
 * price as they were.
 */
public final class SchemaRegistry {

  private static final Logger LOG = LoggerFactory.getLogger(SchemaRegistry.class);

  /** Who published and activated the config's schema at the first start. */
  public static final String CONFIG_PUBLISHER = "config";

  private final RegistryStore store;
  private final Repricer repricer;
  private final ActiveSchema active;
  private final Map<String, SchemaVersion> versions = new ConcurrentHashMap<>();
  private final Object syncLock = new Object();

  private SchemaRegistry(RegistryStore store, List<KeyPolicy> policies, SchemaVersion initial) {
    this.store = store;
    this.repricer = new Repricer(policies);
    this.active = new ActiveSchema(initial);
    versions.put(initial.fingerprint(), initial);
  }

  /**
   * The schema versions of {@code store}. On a registry without an active schema, {@code
   * configured} is published and activated; when the registry's active schema differs from it, the
   * registry's is kept (logged) unless {@code activateConfigured}, which publishes and activates
   * {@code configured} as the API would (refused when it breaks active operations).
   *
   * @param configuredPricer the pricer of {@code configured}, instead of one built from it
   * @param policies every caller policy: the cost limits of the impact report's {@code over-limit}
   * @throws SchemaException when {@code configured} is invalid, or breaks operations on activation
   */
  public static SchemaRegistry start(
      RegistryStore store,
      List<KeyPolicy> policies,
      SchemaInput configured,
      @Nullable OperationPricer configuredPricer,
      boolean activateConfigured) {
    SchemaVersion version =
        configuredPricer == null
            ? SchemaBuilder.build(configured)
            : new SchemaVersion(configured, configured.fingerprint(), configuredPricer);
    Optional<String> current = store.activeSchemaFingerprint();
    if (current.isEmpty()) {
      store.publishSchema(configured.stored(CONFIG_PUBLISHER, Instant.EPOCH), List.of());
      store.activateSchema(version.fingerprint(), CONFIG_PUBLISHER, false, List.of());
      return new SchemaRegistry(store, policies, version);
    }
    if (current.get().equals(version.fingerprint())) {
      return new SchemaRegistry(store, policies, version);
    }
    StoredSchema stored =
        store.findSchema(current.get()).orElseThrow(() -> SchemaException.notFound(current.get()));
    SchemaRegistry registry =
        new SchemaRegistry(store, policies, SchemaBuilder.build(SchemaInput.of(stored)));
    if (!activateConfigured) {
      LOG.warn(
          "schema: the configured schema ({}) differs from the registry's active schema {};"
              + " keeping the registry's (start with --activate-schema, or POST"
              + " /v1/schemas/{}/activate, to switch)",
          version.fingerprint(),
          current.get(),
          version.fingerprint());
      return registry;
    }
    registry.publish(configured, CONFIG_PUBLISHER, false);
    registry.activate(version.fingerprint(), CONFIG_PUBLISHER, false);
    return registry;
  }

  public ActiveSchema active() {
    return active;
  }

  /**
   * Builds {@code input}, reprices every active operation under it and, unless {@code dryRun},
   * stores it with those prices (idempotent: a stored schema is not stored again).
   *
   * @throws SchemaException {@code INVALID_SCHEMA}, nothing stored
   */
  public synchronized SchemaPublication publish(SchemaInput input, String by, boolean dryRun) {
    SchemaVersion target = SchemaBuilder.build(input);
    OperationPricer current = active.pricer();
    // a schema is never deleted: stored now, it needs no prices (a dry run stores none either)
    boolean toStore = !dryRun && store.findSchema(target.fingerprint()).isEmpty();
    Repricer.Repricing repricing = repricer.repriceActive(target, current, store, toStore);
    Optional<StoredSchema> existing = store.findSchema(target.fingerprint());
    boolean isActive = target.fingerprint().equals(active.fingerprint());
    if (dryRun || existing.isPresent()) {
      return publication(target, dryRun, existing.orElse(null), false, isActive, repricing);
    }
    StoredSchema stored = store.publishSchema(input.stored(by, Instant.EPOCH), repricing.prices());
    versions.put(target.fingerprint(), target);
    return publication(target, false, stored, true, isActive, repricing);
  }

  private static SchemaPublication publication(
      SchemaVersion target,
      boolean dryRun,
      @Nullable StoredSchema stored,
      boolean created,
      boolean isActive,
      Repricer.Repricing repricing) {
    return new SchemaPublication(
        target.fingerprint(),
        dryRun,
        stored != null,
        created,
        isActive,
        stored == null ? null : stored.publishedBy(),
        stored == null ? null : stored.created(),
        repricing.report());
  }

  /**
   * Makes the stored schema {@code fingerprint} the active one, with every price at once: the
   * operations it has no price for yet are repriced first, then one transaction stores those prices
   * and switches. A rollback to a schema that priced every active operation reprices nothing.
   *
   * @throws SchemaException {@code SCHEMA_NOT_FOUND}; {@code SCHEMA_BREAKS_OPERATIONS} when active
   *     operations would not validate and {@code force} is false (nothing is switched)
   */
  public synchronized SchemaActivated activate(String fingerprint, String by, boolean force) {
    StoredSchema stored =
        store.findSchema(fingerprint).orElseThrow(() -> SchemaException.notFound(fingerprint));
    SchemaVersion target = version(stored);
    KnownPrices known = KnownPrices.of(store, fingerprint);
    OperationPricer current = active.pricer();
    List<Map<String, Object>> broken = new ArrayList<>();
    Repricer.Repricing repricing =
        store.readActive(
            (operations, documents) -> {
              List<ActiveOperation> missing = new ArrayList<>();
              for (ActiveOperation operation : operations) {
                if (operation.registeredUnder().equals(fingerprint)) {
                  continue;
                }
                String refusal = known.refusal(operation);
                if (refusal != null) {
                  broken.add(describe(operation, errors(refusal)));
                } else if (!known.has(operation)) {
                  missing.add(operation);
                }
              }
              return repricer.reprice(target, current, missing, documents);
            });
    for (OperationImpact impact : repricing.report().broken()) {
      broken.add(describe(impact));
    }
    if (!broken.isEmpty() && !force) {
      throw SchemaException.breaks(fingerprint, broken);
    }
    boolean changed = !fingerprint.equals(store.activeSchemaFingerprint().orElse(null));
    if (changed || !repricing.prices().isEmpty()) {
      store.activateSchema(fingerprint, by, !broken.isEmpty(), repricing.prices());
      LOG.info(
          "schema: {} activated by {} ({} prices computed, {} broken operations)",
          fingerprint,
          by,
          repricing.prices().size(),
          broken.size());
    }
    sync();
    return new SchemaActivated(fingerprint, changed, repricing.prices().size(), broken);
  }

  /** Every stored schema, oldest first. */
  public List<StoredSchema> schemas() {
    return store.schemas();
  }

  public Optional<StoredSchema> find(String fingerprint) {
    return store.findSchema(fingerprint);
  }

  /**
   * Follows the registry's active schema (another gateway's activation): true when this server's
   * schema changed, so that the caller drops what it priced or restored with the previous one.
   */
  public boolean sync() {
    synchronized (syncLock) {
      Optional<String> current = store.activeSchemaFingerprint();
      if (current.isEmpty() || current.get().equals(active.fingerprint())) {
        return false;
      }
      Optional<StoredSchema> stored = store.findSchema(current.get());
      if (stored.isEmpty()) {
        return false;
      }
      active.set(version(stored.get()));
      LOG.info("schema: now pricing with the registry's active schema {}", current.get());
      return true;
    }
  }

  private SchemaVersion version(StoredSchema stored) {
    return versions.computeIfAbsent(
        stored.fingerprint(), fingerprint -> SchemaBuilder.build(SchemaInput.of(stored)));
  }

  private List<String> errors(String refusal) {
    CompiledPrice restored = active.pricer().restore(refusal);
    return restored instanceof BrokenPrice broken ? broken.errors() : List.of();
  }

  private static Map<String, Object> describe(ActiveOperation operation, List<String> errors) {
    Map<String, Object> described = new LinkedHashMap<>();
    described.put("app", operation.app());
    described.put("version", operation.version());
    described.put("id", operation.documentId().hex());
    described.put("name", operation.operation().name());
    described.put("errors", errors);
    return described;
  }

  private static Map<String, Object> describe(OperationImpact impact) {
    Map<String, Object> described = new LinkedHashMap<>();
    described.put("app", impact.app());
    described.put("version", impact.version());
    described.put("id", impact.id());
    described.put("name", impact.name());
    described.put("errors", impact.errors());
    return described;
  }
}
