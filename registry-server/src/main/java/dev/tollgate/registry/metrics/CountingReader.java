package dev.tollgate.registry.metrics;

import dev.tollgate.registry.catalog.IssuedKey;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.document.DocumentHash;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A {@link RegistryReader} that counts every document read ({@link GatewayMetrics#countingReads}).
 */
final class CountingReader implements RegistryReader {

  private final RegistryReader reader;
  private final Runnable onRead;

  CountingReader(RegistryReader reader, Runnable onRead) {
    this.reader = reader;
    this.onRead = onRead;
  }

  @Override
  public Optional<StoredDocument> findDocument(DocumentHash hash) {
    onRead.run();
    return reader.findDocument(hash);
  }

  @Override
  public Map<DocumentHash, Set<String>> activeDocumentApps() {
    return reader.activeDocumentApps();
  }

  @Override
  public Map<String, Map<String, DocumentHash>> activeAliases() {
    return reader.activeAliases();
  }

  @Override
  public List<IssuedKey> issuedKeys() {
    return reader.issuedKeys();
  }

  @Override
  public long latestChangeId() {
    return reader.latestChangeId();
  }
}
