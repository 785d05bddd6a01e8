package dev.tollgate.registry.gateway;

import dev.tollgate.registry.admission.AdmissionSettings;

/**
 * What the gateway reads of the {@code gateway} section: batches, the open-mode caches and text
 * bound its admission is built with, and its response cache.
 *
 * @param batching whether a JSON array body is accepted (each operation checked, charged and
 *     answered on its own)
 * @param maxBatchOperations the longest batch accepted
 * @param openCacheBytes roughly how many bytes of open-mode analyses and refusals are kept, by hash
 *     (the texts are not: {@code openTextCacheBytes})
 * @param openTextCacheBytes roughly how many bytes of analysed open-mode texts are kept for
 *     requests by hash alone (automatic persisted queries); an evicted one is asked for again
 * @param openMaxTextBytes the longest text (UTF-8 bytes) an open-mode key may send; longer ones get
 *     413
 * @param responseCacheBytes roughly how many bytes of upstream answers to registered GET queries
 *     the gateway keeps, to answer them again without the upstream
 * @param httpQueryMethod whether {@code /graphql} accepts the HTTP {@code QUERY} method: a body as
 *     for POST, answered and cached as a GET is (off: the method is not routed, as before)
 * @param graphqlRequestMediaType whether a request body may come as {@code
 *     application/graphql-request+json} (the GraphQL over HTTP draft's persisted-document request
 *     type) besides {@code application/json}; off: 415, as before
 */
public record GatewaySettings(
    boolean batching,
    int maxBatchOperations,
    long openCacheBytes,
    long openTextCacheBytes,
    int openMaxTextBytes,
    long responseCacheBytes,
    boolean httpQueryMethod,
    boolean graphqlRequestMediaType) {

  /**
   * Admission's defaults ({@link AdmissionSettings#DEFAULTS}, {@link
   * AdmissionSettings#OPEN_CACHE_BYTES}, {@link AdmissionSettings#OPEN_TEXT_CACHE_BYTES}: no
   * batches, at most 10 in one; 32 MiB of open-mode analyses and 16 MiB of their texts; texts of at
   * most 128 KiB); 64 MiB of answers; neither {@code QUERY} nor {@code
   * application/graphql-request+json}.
   */
  public static final GatewaySettings DEFAULTS =
      new GatewaySettings(
          AdmissionSettings.DEFAULTS.batching(),
          AdmissionSettings.DEFAULTS.maxBatchOperations(),
          AdmissionSettings.OPEN_CACHE_BYTES,
          AdmissionSettings.OPEN_TEXT_CACHE_BYTES,
          AdmissionSettings.DEFAULTS.openMaxTextBytes(),
          64L << 20,
          false,
          false);

  public GatewaySettings {
    require(
        maxBatchOperations > 0,
        "gateway.maxBatchOperations must be positive: " + maxBatchOperations);
    require(openCacheBytes > 0, "gateway.openCacheBytes must be positive: " + openCacheBytes);
    require(
        responseCacheBytes > 0,
        "gateway.responseCacheBytes must be positive: " + responseCacheBytes);
    require(
        openTextCacheBytes > 0,
        "gateway.openTextCacheBytes must be positive: " + openTextCacheBytes);
    require(openMaxTextBytes > 0, "gateway.openMaxTextBytes must be positive: " + openMaxTextBytes);
  }

  /** These settings with batches of at most {@code maxBatchOperations}, or none. */
  public GatewaySettings withBatching(boolean batching, int maxBatchOperations) {
    return new GatewaySettings(
        batching,
        maxBatchOperations,
        openCacheBytes,
        openTextCacheBytes,
        openMaxTextBytes,
        responseCacheBytes,
        httpQueryMethod,
        graphqlRequestMediaType);
  }

  /** These settings with another bound of the open-mode analyses cache. */
  public GatewaySettings withOpenCacheBytes(long openCacheBytes) {
    return new GatewaySettings(
        batching,
        maxBatchOperations,
        openCacheBytes,
        openTextCacheBytes,
        openMaxTextBytes,
        responseCacheBytes,
        httpQueryMethod,
        graphqlRequestMediaType);
  }

  /** These settings with the HTTP {@code QUERY} method and the request media type on or off. */
  public GatewaySettings withHttpExtensions(
      boolean httpQueryMethod, boolean graphqlRequestMediaType) {
    return new GatewaySettings(
        batching,
        maxBatchOperations,
        openCacheBytes,
        openTextCacheBytes,
        openMaxTextBytes,
        responseCacheBytes,
        httpQueryMethod,
        graphqlRequestMediaType);
  }

  /** What admission reads of these settings. */
  public AdmissionSettings admission() {
    return new AdmissionSettings(batching, maxBatchOperations, openMaxTextBytes);
  }

  static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException(message);
    }
  }
}
