package dev.tollgate.registry.demo;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import graphql.ExecutionInput;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Parses and validates each distinct query text once. Keyed by the text itself: validation does not
 * depend on variables or the operation name, so one entry serves every request with that text.
 * Entries with validation errors are cached too, so a bad document is not re-validated per request.
 */
final class ParsedDocumentCache implements PreparsedDocumentProvider {

  private final Cache<String, PreparsedDocumentEntry> entries;

  /**
   * @param maximumBytes roughly the bytes the entries may hold: each weighs its text (two bytes a
   *     character at most) and a few KB for its parsed document, so that distinct texts padded with
   *     big comments cannot fill the heap (issue 10)
   */
  ParsedDocumentCache(long maximumBytes) {
    if (maximumBytes < 1) {
      throw new IllegalArgumentException("parse cache size must be positive: " + maximumBytes);
    }
    this.entries =
        Caffeine.newBuilder()
            .maximumWeight(maximumBytes)
            .weigher((String query, PreparsedDocumentEntry entry) -> weigh(query))
            .recordStats()
            .build();
  }

  private static int weigh(String query) {
    return (int) Math.min(Integer.MAX_VALUE, 2L * query.length() + 4096);
  }

  @Override
  public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(
      ExecutionInput input, Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
    PreparsedDocumentEntry entry =
        entries.get(input.getQuery(), query -> parseAndValidate.apply(input));
    return CompletableFuture.completedFuture(entry);
  }

  /** Misses are parses: how many documents were parsed and validated. */
  CacheStats stats() {
    return entries.stats();
  }
}
