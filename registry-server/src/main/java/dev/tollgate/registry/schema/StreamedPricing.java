package dev.tollgate.registry.schema;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.store.ActiveDocument;
import dev.tollgate.registry.store.StringPool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prices a stream of documents on every core: the reading thread hands batches of {@value #BATCH}
 * texts to a pool of one thread per core, and waits while {@value #BATCHES_PER_THREAD} batches per
 * thread are pending, so that only those texts are in memory, never the whole stream. Each document
 * is priced once; what is kept of it is its {@link DocumentPrices}, whose texts equal by value are
 * one instance ({@link StringPool}). Progress is logged every {@value #PROGRESS_EVERY} documents.
 */
final class StreamedPricing {

  private static final Logger LOG = LoggerFactory.getLogger(StreamedPricing.class);
  private static final int BATCH = 64;
  private static final int BATCHES_PER_THREAD = 4;
  private static final int PROGRESS_EVERY = 100_000;

  private StreamedPricing() {}

  /**
   * The prices under {@code pricer} of each document of {@code documents} that {@code wanted}
   * holds; the others are skipped unread.
   */
  static Map<DocumentHash, DocumentPrices> price(
      OperationPricer pricer, Set<DocumentHash> wanted, Iterable<ActiveDocument> documents) {
    if (wanted.isEmpty()) {
      return new ConcurrentHashMap<>();
    }
    return price(pricer, wanted::contains, documents, () -> false);
  }

  /**
   * The prices under {@code pricer} of every document of {@code documents} that {@code wanted}
   * accepts; stops reading once {@code stopped} (the prices so far are returned).
   */
  static Map<DocumentHash, DocumentPrices> price(
      OperationPricer pricer,
      Predicate<DocumentHash> wanted,
      Iterable<ActiveDocument> documents,
      BooleanSupplier stopped) {
    Map<DocumentHash, DocumentPrices> priced = new ConcurrentHashMap<>();
    StringPool texts = new StringPool(StringPool.REPRICING_CAPACITY);
    Function<String, DocumentPrices> pricing =
        body -> DocumentPrices.of(pricer, body, DocumentPrices.MAX_TOKENS, texts);
    int threads = Runtime.getRuntime().availableProcessors();
    Semaphore room = new Semaphore(threads * BATCHES_PER_THREAD);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicInteger done = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads, StreamedPricing::thread);
    try {
      List<ActiveDocument> batch = new ArrayList<>(BATCH);
      for (ActiveDocument document : documents) {
        if (failure.get() != null || stopped.getAsBoolean()) {
          break;
        }
        if (!wanted.test(document.id())) {
          continue;
        }
        batch.add(document);
        if (batch.size() == BATCH) {
          submit(pool, room, batch, pricing, priced, failure, done);
          batch = new ArrayList<>(BATCH);
        }
      }
      submit(pool, room, batch, pricing, priced, failure, done);
    } finally {
      pool.shutdown();
      awaitQuietly(pool);
    }
    Throwable failed = failure.get();
    if (failed instanceof Error error) {
      throw error;
    }
    if (failed != null) {
      throw (RuntimeException) failed;
    }
    return priced;
  }

  private static void submit(
      ExecutorService pool,
      Semaphore room,
      List<ActiveDocument> batch,
      Function<String, DocumentPrices> pricing,
      Map<DocumentHash, DocumentPrices> priced,
      AtomicReference<Throwable> failure,
      AtomicInteger done) {
    if (batch.isEmpty()) {
      return;
    }
    room.acquireUninterruptibly();
    pool.execute(
        () -> {
          try {
            for (ActiveDocument document : batch) {
              priced.put(document.id(), pricing.apply(document.body()));
              if (done.incrementAndGet() % PROGRESS_EVERY == 0) {
                LOG.info("repricing: {} documents priced", done.get());
              }
            }
          } catch (RuntimeException | Error e) {
            failure.compareAndSet(null, e);
          } finally {
            room.release();
          }
        });
  }

  private static void awaitQuietly(ExecutorService pool) {
    boolean interrupted = false;
    while (true) {
      try {
        if (pool.awaitTermination(1, TimeUnit.MINUTES)) {
          break;
        }
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private static Thread thread(Runnable work) {
    Thread thread = new Thread(work, "tollgate-repricing");
    thread.setDaemon(true);
    return thread;
  }
}
