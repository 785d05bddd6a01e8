package dev.tollgate.registry.keys;

import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.store.RegistryStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a gateway's {@link KeyRing} in step with the store: reloads it when the store's change id
 * moves (found by the catalog's poll, which runs {@link #reloadIfChanged} after each refresh: one
 * query per poll for the catalog, the keys and the admin tokens, so a key issued, rotated or
 * revoked on one gateway reaches the others within the poll interval), at once after a change made
 * here, and writes the keys' last use about once a minute (and at close).
 */
public final class KeySync implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(KeySync.class);

  /** How often the keys' last use is written to the store. */
  public static final Duration USAGE_FLUSH = Duration.ofMinutes(1);

  private final RegistryStore store;
  private final KeyRing ring;
  private final Map<String, KeyPolicy> policies;
  private long loadedChangeId = -1;
  private @Nullable ScheduledExecutorService executor;

  /**
   * @param policies the config's policies by name, which stored keys name
   */
  public KeySync(RegistryStore store, KeyRing ring, Map<String, KeyPolicy> policies) {
    this.store = store;
    this.ring = ring;
    this.policies = Map.copyOf(policies);
  }

  /**
   * Reloads the keys. The change id is read first: a change committed after it moves the id again,
   * so the next poll reloads once more and nothing is missed.
   */
  public synchronized void reload() {
    long changeId = store.latestChangeId();
    ring.load(store.issuedKeys(), policies);
    loadedChangeId = changeId;
  }

  /** Reloads the keys when the store's change id moved since the last load. */
  public void reloadIfChanged() {
    long changeId = store.latestChangeId();
    synchronized (this) {
      if (changeId == loadedChangeId) {
        return;
      }
    }
    reload();
  }

  /** Writes the last use of the keys used since the previous write. */
  public void flushUsage() {
    Map<String, java.time.Instant> used = ring.usedSince();
    store.keys().touch(used);
  }

  /**
   * Loads the keys, reloads them after each refresh of {@code catalog} that found the change id
   * moved, and flushes usage every minute.
   */
  public synchronized void start(DocumentCatalog catalog) {
    reload();
    store.addChangeListener(this::reloadQuietly);
    catalog.afterRefresh(() -> quietly(this::reloadIfChanged, "reloading the keys"));
    ScheduledExecutorService started =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "tollgate-key-usage");
              thread.setDaemon(true);
              return thread;
            });
    started.scheduleWithFixedDelay(
        () -> quietly(this::flushUsage, "writing the keys' last use"),
        USAGE_FLUSH.toMillis(),
        USAGE_FLUSH.toMillis(),
        TimeUnit.MILLISECONDS);
    executor = started;
  }

  private void reloadQuietly() {
    quietly(this::reload, "reloading the keys");
  }

  private static void quietly(Runnable work, String what) {
    try {
      work.run();
    } catch (RuntimeException e) {
      LOG.warn("{} failed; keeping the keys loaded before", what, e);
    }
  }

  @Override
  public void close() {
    ScheduledExecutorService running;
    synchronized (this) {
      running = executor;
      executor = null;
    }
    if (running != null) {
      running.shutdownNow();
      quietly(this::flushUsage, "writing the keys' last use");
    }
  }

  /** The names of {@code policies}, the anonymous one left out: what a stored key may name. */
  public static Map<String, KeyPolicy> byName(List<KeyPolicy> policies) {
    Map<String, KeyPolicy> byName = new java.util.LinkedHashMap<>();
    for (KeyPolicy policy : policies) {
      if (!policy.name().equals(KeyPolicy.ANONYMOUS)) {
        byName.put(policy.name(), policy);
      }
    }
    return byName;
  }
}
