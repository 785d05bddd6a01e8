package dev.tollgate.registry.catalog;

import dev.tollgate.registry.document.DocumentHash;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The read side of the registry that the gateway needs. {@link RegistryStore} implements it over
 * the database; tests may use an in-memory fake.
 */
public interface RegistryReader {

  /**
   * The document with this hash and its priced operations, whether or not any version is active.
   */
  Optional<StoredDocument> findDocument(DocumentHash hash);

  /** Every document held by at least one active version, with the apps of those versions. */
  Map<DocumentHash, Set<String>> activeDocumentApps();

  /**
   * Every custom document id of an active version: alias, then app, then the document it names
   * there (one per app: publishing refuses a second). Empty for a reader without aliases.
   */
  default Map<String, Map<String, DocumentHash>> activeAliases() {
    return Map.of();
  }

  /**
   * The API keys issued at runtime and not revoked (their hashes, never a secret). Empty for a
   * reader without any.
   */
  default List<IssuedKey> issuedKeys() {
    return List.of();
  }

  /**
   * A number that grows on every committed publication, retirement and key change, whatever order
   * concurrent transactions commit in: polled to notice other gateways' changes.
   */
  long latestChangeId();
}
