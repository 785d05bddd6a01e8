package dev.tollgate.registry.catalog;

import dev.tollgate.registry.document.DocumentHash;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A fake registry: documents published under (app, version), retired by version; counts every read.
 */
public final class InMemoryRegistry implements RegistryReader {

  private final Map<DocumentHash, StoredDocument> documents = new ConcurrentHashMap<>();
  private final Map<String, Set<DocumentHash>> versions = new LinkedHashMap<>();
  private final AtomicLong changeId = new AtomicLong();
  private final AtomicInteger documentReads = new AtomicInteger();
  private final AtomicInteger indexReads = new AtomicInteger();

  public synchronized void publish(String app, String version, StoredDocument... published) {
    Set<DocumentHash> hashes =
        versions.computeIfAbsent(app + "@" + version, k -> new LinkedHashSet<>());
    for (StoredDocument document : published) {
      documents.put(document.hash(), document);
      hashes.add(document.hash());
    }
    changeId.incrementAndGet();
  }

  public synchronized void retire(String app, String version) {
    versions.remove(app + "@" + version);
    changeId.incrementAndGet();
  }

  /** Reads of single documents ({@link #findDocument}). */
  public int documentReads() {
    return documentReads.get();
  }

  /** Reads of the whole index ({@link #activeDocumentApps}). */
  public int indexReads() {
    return indexReads.get();
  }

  @Override
  public Optional<StoredDocument> findDocument(DocumentHash hash) {
    documentReads.incrementAndGet();
    return Optional.ofNullable(documents.get(hash));
  }

  @Override
  public synchronized Map<DocumentHash, Set<String>> activeDocumentApps() {
    indexReads.incrementAndGet();
    Map<DocumentHash, Set<String>> apps = new HashMap<>();
    versions.forEach(
        (appVersion, hashes) -> {
          String app = appVersion.substring(0, appVersion.indexOf('@'));
          for (DocumentHash hash : hashes) {
            apps.computeIfAbsent(hash, h -> new LinkedHashSet<>()).add(app);
          }
        });
    return apps;
  }

  @Override
  public long latestChangeId() {
    return changeId.get();
  }
}
