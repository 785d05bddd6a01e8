package dev.tollgate.registry.admission;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.document.DocumentHash;

/**
 * The two caches of open-mode admission: the outcome of each text by hash, refusals included, and
 * the analysed texts kept for requests by hash alone.
 */
public final class OpenCaches {

  private final Cache<DocumentHash, OpenAnalysis> analyses;
  private final Cache<DocumentHash, String> texts;

  private OpenCaches(
      Cache<DocumentHash, OpenAnalysis> analyses, Cache<DocumentHash, String> texts) {
    this.analyses = analyses;
    this.texts = texts;
  }

  /**
   * The caches built from the wiring's bounds, each entry weighed here in bytes ({@link
   * OpenWeights}).
   *
   * @param analyses {@code maximumWeight(gateway.openCacheBytes())}, with {@code recordStats()}
   * @param texts {@code maximumWeight(gateway.openTextCacheBytes())}
   */
  public static OpenCaches weighed(
      Caffeine<Object, Object> analyses, Caffeine<Object, Object> texts) {
    return new OpenCaches(
        analyses.weigher(OpenWeights::analysis).<DocumentHash, OpenAnalysis>build(),
        texts.weigher(OpenWeights::text).<DocumentHash, String>build());
  }

  /** These caches as they are (tests bound them by size, or look into them). */
  static OpenCaches of(
      Cache<DocumentHash, OpenAnalysis> analyses, Cache<DocumentHash, String> texts) {
    return new OpenCaches(analyses, texts);
  }

  Cache<DocumentHash, OpenAnalysis> analyses() {
    return analyses;
  }

  Cache<DocumentHash, String> texts() {
    return texts;
  }
}
