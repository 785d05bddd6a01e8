package dev.tollgate.registry.store;

import dev.tollgate.registry.document.DocumentHash;
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
   * A number that grows on every committed publication and retirement, whatever order concurrent
   * transactions commit in: polled to notice other gateways' changes.
   */
  long latestChangeId();
}
