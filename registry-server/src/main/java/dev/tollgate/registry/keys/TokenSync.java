package dev.tollgate.registry.keys;

import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.store.RegistryStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a server's {@link TokenRing} in step with the store, as {@link KeySync} keeps its keys: a
 * reload when the store's change id moves (found by the catalog's poll), and at once after a change
 * made here, so that a token issued or revoked on one gateway reaches the others within the poll
 * interval.
 */
public final class TokenSync {

  private static final Logger LOG = LoggerFactory.getLogger(TokenSync.class);

  private final RegistryStore store;
  private final TokenRing ring;
  private long loadedChangeId = -1;

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

  /** Loads the tokens, then reloads them after each refresh of {@code catalog} that moved. */
  public synchronized void start(DocumentCatalog catalog) {
    reload();
    store.addChangeListener(() -> quietly(this::reload));
    catalog.afterRefresh(() -> quietly(this::reloadIfChanged));
  }

  private static void quietly(Runnable work) {
    try {
      work.run();
    } catch (RuntimeException e) {
      LOG.warn("reloading the admin tokens failed; keeping the tokens loaded before", e);
    }
  }
}
