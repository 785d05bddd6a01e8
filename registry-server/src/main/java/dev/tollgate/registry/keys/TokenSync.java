package dev.tollgate.registry.keys;

import dev.tollgate.registry.store.RegistryStore;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a server's {@link TokenRing} in step with the store, as {@link KeySync} keeps its keys: a
 * reload when the store's change id moves (polled), and at once after a change made here, so that a
 * token issued or revoked on one gateway reaches the others within the poll interval.
 */
public final class TokenSync implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(TokenSync.class);

  private final RegistryStore store;
  private final TokenRing ring;
  private long loadedChangeId = -1;
  private @Nullable ScheduledExecutorService executor;

  public TokenSync(RegistryStore store, TokenRing ring) {
    this.store = store;
    this.ring = ring;
  }

  /** Reloads the tokens; the change id is read first, so that nothing committed after is missed. */
  public synchronized void reload() {
    long changeId = store.latestChangeId();
    ring.load(store.tokens().unrevokedTokens());
    loadedChangeId = changeId;
  }

  /** Reloads the tokens when the store's change id moved since the last load. */
  public void reloadIfChanged() {
    long changeId = store.latestChangeId();
    synchronized (this) {
      if (changeId == loadedChangeId) {
        return;
      }
    }
    reload();
  }

  /** Loads the tokens, then polls every {@code interval}. */
  public synchronized void start(Duration interval) {
    reload();
    store.addChangeListener(() -> quietly(this::reload));
    ScheduledExecutorService started =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "tollgate-token-sync");
              thread.setDaemon(true);
              return thread;
            });
    started.scheduleWithFixedDelay(
        () -> quietly(this::reloadIfChanged),
        interval.toMillis(),
        interval.toMillis(),
        TimeUnit.MILLISECONDS);
    executor = started;
  }

  private static void quietly(Runnable work) {
    try {
      work.run();
    } catch (RuntimeException e) {
      LOG.warn("reloading the admin tokens failed; keeping the tokens loaded before", e);
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
    }
  }
}
