package dev.tollgate.registry.schema;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.store.ActiveOperation;
import dev.tollgate.registry.store.RegistryStore;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * The read of a repricing with the pricing overlapped: the documents' texts stream from the store
 * on a thread of their own into {@link StreamedPricing} while the calling thread reads the active
 * operations (a million operation rows take about a third as long to read as their documents to
 * price). Each read is a snapshot of its own; a document of an operation that the texts' snapshot
 * did not hold (a version published in between) is read and priced afterwards, and a text priced
 * for no operation (a version retired in between) is left unused: a document's text never changes
 * under its hash, so every operation is priced from its own text either way.
 */
final class OverlappedRead {

  /** The active operations, and the prices of their documents under the new schema. */
  record Priced(List<ActiveOperation> operations, Map<DocumentHash, DocumentPrices> prices) {}

  private OverlappedRead() {}

  static Priced read(RegistryStore store, OperationPricer pricer) {
    AtomicBoolean stop = new AtomicBoolean();
    CompletableFuture<Map<DocumentHash, DocumentPrices>> pricing = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try {
                pricing.complete(
                    store.readActiveDocuments(
                        documents ->
                            StreamedPricing.price(pricer, id -> true, documents, stop::get)));
              } catch (RuntimeException | Error e) {
                pricing.completeExceptionally(e);
              }
            },
            "tollgate-repricing-reader");
    reader.setDaemon(true);
    reader.start();
    List<ActiveOperation> operations;
    try {
      operations = store.activeOperations();
    } catch (RuntimeException | Error e) {
      stop.set(true);
      throw e;
    }
    Map<DocumentHash, DocumentPrices> prices = join(pricing);
    priceLatecomers(
        operations, prices, pricer, hash -> store.findDocument(hash).map(d -> d.body()));
    return new Priced(operations, prices);
  }

  /**
   * Prices the documents of {@code operations} that {@code prices} lacks, reading each text by
   * {@code texts}; a document the store no longer holds stays unpriced (its operations broken).
   */
  static void priceLatecomers(
      List<ActiveOperation> operations,
      Map<DocumentHash, DocumentPrices> prices,
      OperationPricer pricer,
      Function<DocumentHash, Optional<String>> texts) {
    for (ActiveOperation operation : operations) {
      DocumentHash id = operation.documentId();
      if (!prices.containsKey(id)) {
        texts
            .apply(id)
            .ifPresent(
                body -> prices.put(id, DocumentPrices.of(pricer, body, DocumentPrices.MAX_TOKENS)));
      }
    }
  }

  private static Map<DocumentHash, DocumentPrices> join(
      CompletableFuture<Map<DocumentHash, DocumentPrices>> pricing) {
    try {
      return pricing.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      if (e.getCause() instanceof RuntimeException failure) {
        throw failure;
      }
      throw e;
    }
  }
}
