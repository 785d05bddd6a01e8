package dev.tollgate.bench;

import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.document.DocumentHash;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The registry for the benchmarks: every document active for one app, held in a map. Each read
 * answers fresh copies (new hash, new body, each with its own bytes), as a database read would, so
 * that what the catalog keeps is the catalog's own memory and not a reference into this map.
 */
final class InMemoryReader implements RegistryReader {

  private final String app;
  private final Map<DocumentHash, StoredDocument> documents = new HashMap<>();

  InMemoryReader(String app) {
    this.app = app;
  }

  void add(StoredDocument document) {
    documents.put(document.hash(), document);
  }

  int size() {
    return documents.size();
  }

  /** How many distinct stored prices (serialised) the documents' operations hold. */
  long distinctPrices() {
    return documents.values().stream()
        .flatMap(document -> document.operations().stream())
        .map(operation -> operation.price())
        .distinct()
        .count();
  }

  @Override
  public Optional<StoredDocument> findDocument(DocumentHash hash) {
    StoredDocument stored = documents.get(hash);
    if (stored == null) {
      return Optional.empty();
    }
    return Optional.of(
        new StoredDocument(
            copy(stored.hash()), fresh(stored.body()), stored.created(), stored.operations()));
  }

  @Override
  public Map<DocumentHash, Set<String>> activeDocumentApps() {
    Map<DocumentHash, Set<String>> apps = new HashMap<>(documents.size() * 2);
    for (DocumentHash hash : documents.keySet()) {
      apps.put(copy(hash), Set.of(fresh(app)));
    }
    return apps;
  }

  @Override
  public long latestChangeId() {
    return 1;
  }

  private static DocumentHash copy(DocumentHash hash) {
    return new DocumentHash(fresh(hash.hex()));
  }

  /** A string with its own bytes ({@code new String(String)} would share them). */
  private static String fresh(String text) {
    return new String(text.toCharArray());
  }
}
