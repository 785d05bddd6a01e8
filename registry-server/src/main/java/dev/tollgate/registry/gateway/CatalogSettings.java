package dev.tollgate.registry.gateway;

/**
 * How the gateway's document catalog follows the registry and how much of it it keeps warm, from
 * the {@code gateway} section.
 *
 * @param refreshMillis how often the registry is polled for publications of other gateways
 * @param documentCacheBytes roughly how many bytes of registered documents, with their prices
 *     restored, the gateway keeps in memory (each weighed by {@code DocumentCatalog#weigh}); a
 *     document evicted or not yet used is read from the store on its next request, once. The index
 *     of active ids is not counted here: it holds every id (about 40 bytes each)
 */
public record CatalogSettings(int refreshMillis, long documentCacheBytes) {

  /**
   * 128 MiB of documents: about 140,000 of the benchmarks' (a 320-character text, one operation).
   */
  public static final long DOCUMENT_CACHE_BYTES = 128L << 20;

  public static final CatalogSettings DEFAULTS = new CatalogSettings(1_000, DOCUMENT_CACHE_BYTES);

  public CatalogSettings {
    GatewaySettings.require(
        refreshMillis > 0, "gateway.refreshMillis must be positive: " + refreshMillis);
    GatewaySettings.require(
        documentCacheBytes > 0,
        "gateway.documentCacheBytes must be positive: " + documentCacheBytes);
  }

  /** Polling every {@code refreshMillis}, with the default document cache. */
  public CatalogSettings(int refreshMillis) {
    this(refreshMillis, DOCUMENT_CACHE_BYTES);
  }

  /** These settings with another bound of the document cache. */
  public CatalogSettings withDocumentCacheBytes(long documentCacheBytes) {
    return new CatalogSettings(refreshMillis, documentCacheBytes);
  }
}
