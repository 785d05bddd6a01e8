package dev.tollgate.registry;

import com.github.benmanes.caffeine.cache.Cache;
import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.RegisteredDocument;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.gateway.Gateway;
import dev.tollgate.registry.keys.KeyRing;

/**
 * The gateway's services as the server wires them, without HTTP: its catalog (and the catalog's
 * document cache), admission, the gateway itself and the keys issued at runtime. Closing stops the
 * catalog's polling and unbinds the metrics.
 */
public final class GatewayServices implements AutoCloseable {

  private final DocumentCatalog catalog;
  private final Cache<DocumentHash, RegisteredDocument> documents;
  private final AdmissionController admission;
  private final Gateway gateway;
  private final KeyRing keys;
  private final Closer closer;

  GatewayServices(
      DocumentCatalog catalog,
      Cache<DocumentHash, RegisteredDocument> documents,
      AdmissionController admission,
      Gateway gateway,
      KeyRing keys,
      Closer closer) {
    this.catalog = catalog;
    this.documents = documents;
    this.admission = admission;
    this.gateway = gateway;
    this.keys = keys;
    this.closer = closer;
  }

  public DocumentCatalog catalog() {
    return catalog;
  }

  /** The catalog's cache of documents with restored prices, for its size and statistics. */
  public Cache<DocumentHash, RegisteredDocument> documents() {
    return documents;
  }

  public AdmissionController admission() {
    return admission;
  }

  public Gateway gateway() {
    return gateway;
  }

  /** The keys issued at runtime, as the gateway checks them (reloaded from the store). */
  public KeyRing keys() {
    return keys;
  }

  @Override
  public void close() {
    closer.close();
  }
}
