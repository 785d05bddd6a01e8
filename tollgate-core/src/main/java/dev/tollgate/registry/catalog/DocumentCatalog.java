package dev.tollgate.registry.catalog;

import com.github.benmanes.caffeine.cache.Cache;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.document.IntrospectionFields;
import dev.tollgate.registry.pricing.CompiledPrice;
import dev.tollgate.registry.pricing.PricedOperation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gateway's view of the registered documents.
 *
 * <p>An index of every active document and its apps, and of every custom document id (alias) of the
 * active versions, is held in memory and swapped whole on {@link #refresh()}: whether an id or an
 * alias is registered, and for which apps, is answered without the store (the ids in a {@link
 * DocumentIndex}, about 55 bytes each). Only an active id reaches {@link
 * RegistryReader#findDocument}, once, to fill a cache of documents with their prices restored and
 * their texts packed, bounded by bytes ({@link #weigh}); documents are immutable, so the cache
 * never goes stale, and retiring a version only changes the index.
 */
public final class DocumentCatalog implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(DocumentCatalog.class);
  private static final int DOCUMENT_BYTES = 208;
  private static final int OPERATION_BYTES = 400;

  private final RegistryReader reader;
  private final SharedPrices prices;
  private final Cache<DocumentHash, RegisteredDocument> documents;
  private final List<Runnable> hooks = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final List<Runnable> afterHooks = new java.util.concurrent.CopyOnWriteArrayList<>();
  private volatile Snapshot snapshot = new Snapshot(-1, DocumentIndex.empty(), Map.of());
  private @Nullable ScheduledExecutorService poller;

  /**
   * @param restorer reads a stored price back ({@code pricer::restore})
   * @param documents a bounded cache built by the wiring ({@code
   *     Caffeine.newBuilder().maximumWeight(bytes).weigher(DocumentCatalog::weigh).build()})
   */
  public DocumentCatalog(
      RegistryReader reader,
      Function<String, CompiledPrice> restorer,
      Cache<DocumentHash, RegisteredDocument> documents) {
    this.reader = reader;
    this.prices = new SharedPrices(restorer);
    this.documents = documents;
    refresh();
  }

  /**
   * Runs {@code hook} at the start of every {@link #refresh()}, before the index is reloaded: the
   * wiring follows the registry's active schema with it, and drops what the previous one priced.
   */
  public void beforeRefresh(Runnable hook) {
    hooks.add(hook);
  }

  /**
   * Runs {@code hook} at the end of every {@link #refresh()}, after the change id was read: what it
   * reads from the reader is that change's or newer, and a later change moves the id again, so the
   * next refresh runs it again (the in-process wiring reloads the issued keys with it).
   */
  public void afterRefresh(Runnable hook) {
    afterHooks.add(hook);
  }

  /** Reloads the index of active documents; call after a publication or a retirement. */
  public synchronized void refresh() {
    for (Runnable hook : hooks) {
      hook.run();
    }
    prices.clear();
    long changeId = reader.latestChangeId();
    snapshot =
        new Snapshot(
            changeId,
            DocumentIndex.of(reader.activeDocumentApps()),
            Map.copyOf(reader.activeAliases()));
    for (Runnable hook : afterHooks) {
      hook.run();
    }
  }

  /** Reloads the index when the store's change id moved (another gateway published or retired). */
  public void refreshIfChanged() {
    if (reader.latestChangeId() != snapshot.changeId()) {
      refresh();
    }
  }

  /**
   * Polls {@link #refreshIfChanged()} every {@code interval} on a daemon thread, until {@link
   * #close()}.
   */
  public synchronized void startPolling(Duration interval) {
    if (poller != null) {
      return;
    }
    ScheduledExecutorService executor =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "tollgate-catalog-poller");
              thread.setDaemon(true);
              return thread;
            });
    executor.scheduleWithFixedDelay(
        this::pollOnce, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    poller = executor;
  }

  private void pollOnce() {
    try {
      refreshIfChanged();
    } catch (RuntimeException e) {
      LOG.warn("catalog refresh failed; keeping the previous index", e);
    }
  }

  /**
   * The apps of the active versions holding {@code hash}; empty when it is not active. No store
   * read.
   */
  public Set<String> appsOf(DocumentHash hash) {
    Set<String> apps = snapshot.apps().get(hash);
    return apps == null ? Set.of() : apps;
  }

  /**
   * The documents that the custom id {@code alias} names, by app, among the active versions; empty
   * when it names none. No store read.
   */
  public Map<String, DocumentHash> aliasTargets(String alias) {
    return snapshot.aliases().getOrDefault(alias, Map.of());
  }

  /** True when any active version holds {@code hash}. No store read. */
  public boolean isActive(DocumentHash hash) {
    return snapshot.apps().contains(hash);
  }

  /**
   * The active document {@code hash} with restored prices: from the cache, else read once from the
   * store. Empty, without a store read, when no active version holds it.
   */
  public Optional<RegisteredDocument> findActive(DocumentHash hash) {
    if (!isActive(hash)) {
      return Optional.empty();
    }
    return Optional.ofNullable(documents.get(hash, this::load));
  }

  private @Nullable RegisteredDocument load(DocumentHash hash) {
    return reader.findDocument(hash).map(stored -> restore(hash, stored)).orElse(null);
  }

  /** {@code stored} with its prices restored (shared), under {@code hash}, the cache's key. */
  private RegisteredDocument restore(DocumentHash hash, StoredDocument stored) {
    List<PricedOperation> operations = new ArrayList<>();
    for (StoredOperation operation : stored.operations()) {
      operations.add(
          new PricedOperation(
              operation.name(),
              operation.kind(),
              prices.restore(operation.price()),
              operation.aliases()));
    }
    return new RegisteredDocument(
        hash, stored.body(), operations, IntrospectionFields.selectedIn(stored.body()));
  }

  /**
   * Roughly how many bytes of heap {@code document} takes in the cache: {@value #DOCUMENT_BYTES}
   * bytes (the document, its cache entry and key, its packed text's array header), its text as
   * packed ({@link PackedText}), and {@value #OPERATION_BYTES} bytes per operation (its compiled
   * price). An upper estimate, fitted to {@code MemoryFootprint}: a document of one operation and a
   * 323-character text (196 bytes packed on average) weighs 804 bytes, and takes 423 measured when
   * its price is shared with others ({@link SharedPrices}), about 750 with a price of its own, so
   * the cache's heap stays under its bound.
   */
  public static int weigh(DocumentHash hash, RegisteredDocument document) {
    long bytes =
        DOCUMENT_BYTES
            + document.packedTextBytes()
            + (long) OPERATION_BYTES * document.operationCount();
    return (int) Math.min(Integer.MAX_VALUE, bytes);
  }

  /** How many documents are active (for logs and metrics). */
  public int activeCount() {
    return snapshot.apps().size();
  }

  @Override
  public synchronized void close() {
    if (poller != null) {
      poller.shutdownNow();
      poller = null;
    }
  }

  /**
   * @param aliases custom document id, then app, then the document it names there
   */
  private record Snapshot(
      long changeId,
      DocumentIndex<Set<String>> apps,
      Map<String, Map<String, DocumentHash>> aliases) {}
}
