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

  ParsedDocumentCache(long maximumSize) {
    if (maximumSize < 1) {
      throw new IllegalArgumentException("parse cache size must be positive: " + maximumSize);
    }
    this.entries = Caffeine.newBuilder().maximumSize(maximumSize).recordStats().build();
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
