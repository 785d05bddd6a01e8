package dev.tollgate.registry.admission;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.document.DocumentIds;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One GraphQL operation request as the HTTP layer read it.
 *
 * @param query the document text, when sent
 * @param id the document id, from {@code documentId} or {@code
 *     extensions.persistedQuery.sha256Hash}, when it is a SHA-256
 * @param variables the raw JSON variables (an empty map when none were sent); copied, unless it is
 *     an unmodifiable view ({@link Collections#unmodifiableMap}), which is kept: whoever passes one
 *     no longer changes the map behind it
 * @param alias the document id when it is not a SHA-256: a custom id (Relay's {@code doc_id}, an
 *     Apollo {@code createOperationId}), resolved within the caller's apps; never with {@code id}
 * @param textOverTokens when positive, the client sent a text that the HTTP reader found to have
 *     more grammar tokens than this (the caller's token limit) and did not keep: {@code query} is
 *     then null, and the request is refused with {@code MAX_TOKENS_EXCEEDED} before anything else
 *     ({@link AdmissionController#textTokenLimit}); 0 otherwise
 */
public record AdmissionRequest(
    @Nullable String query,
    @Nullable DocumentHash id,
    @Nullable String operationName,
    Map<String, @Nullable Object> variables,
    Transport transport,
    @Nullable String alias,
    int textOverTokens) {

  /** The class of {@link Collections#unmodifiableMap}'s views, which {@link #readOnly} keeps. */
  private static final Class<?> READ_ONLY =
      Collections.unmodifiableMap(new LinkedHashMap<>()).getClass();

  public AdmissionRequest {
    variables = readOnly(variables);
    if (id != null && alias != null) {
      throw new IllegalArgumentException("a request names its document by id or by alias: " + id);
    }
    if (textOverTokens < 0 || textOverTokens > 0 && query != null) {
      throw new IllegalArgumentException(
          "a text over the token limit is not kept: " + textOverTokens);
    }
  }

  /** A request as the client sent it, its text kept if any. */
  public AdmissionRequest(
      @Nullable String query,
      @Nullable DocumentHash id,
      @Nullable String operationName,
      Map<String, @Nullable Object> variables,
      Transport transport,
      @Nullable String alias) {
    this(query, id, operationName, variables, transport, alias, 0);
  }

  /** A request by SHA-256 id, text, or both. */
  public AdmissionRequest(
      @Nullable String query,
      @Nullable DocumentHash id,
      @Nullable String operationName,
      Map<String, @Nullable Object> variables,
      Transport transport) {
    this(query, id, operationName, variables, transport, null);
  }

  /**
   * A request naming its document by {@code id} as the client sent it, if at all: a SHA-256 id, or
   * else a custom id (an alias).
   *
   * @throws dev.tollgate.registry.document.InvalidDocumentIdException when {@code id} is neither
   */
  public static AdmissionRequest of(
      @Nullable String query,
      @Nullable String id,
      @Nullable String operationName,
      Map<String, @Nullable Object> variables,
      Transport transport) {
    return of(query, id, operationName, variables, transport, 0);
  }

  /**
   * As {@link #of(String, String, String, Map, Transport)}, for a text the reader did not keep
   * because it has more than {@code textOverTokens} grammar tokens (0: none such).
   */
  public static AdmissionRequest of(
      @Nullable String query,
      @Nullable String id,
      @Nullable String operationName,
      Map<String, @Nullable Object> variables,
      Transport transport,
      int textOverTokens) {
    if (id == null || DocumentHash.looksLikeHash(id)) {
      DocumentHash hash = id == null ? null : DocumentHash.parse(id);
      return new AdmissionRequest(
          query, hash, operationName, variables, transport, null, textOverTokens);
    }
    String alias = DocumentIds.requireCustom(id);
    return new AdmissionRequest(
        query, null, operationName, variables, transport, alias, textOverTokens);
  }

  /**
   * {@code variables}, read-only: a copy, except for an empty map and for a map already read-only
   * in the way {@link Collections#unmodifiableMap} makes one, which is kept as it is. The HTTP
   * reader hands over its own map that way, so each request's variables are copied at most once
   * (measured: the second copy was a third of what admission allocated per request).
   */
  private static Map<String, @Nullable Object> readOnly(Map<String, @Nullable Object> variables) {
    if (variables.isEmpty()) {
      return Map.of();
    }
    if (variables.getClass() == READ_ONLY) {
      return variables;
    }
    return Collections.unmodifiableMap(new LinkedHashMap<>(variables));
  }

  /** This request with its alias replaced by the document it names, or dropped ({@code null}). */
  AdmissionRequest resolvedTo(@Nullable DocumentHash document) {
    return new AdmissionRequest(
        query, document, operationName, variables, transport, null, textOverTokens);
  }
}
