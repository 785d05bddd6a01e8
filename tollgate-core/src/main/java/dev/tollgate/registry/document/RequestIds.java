package dev.tollgate.registry.document;

import dev.tollgate.registry.error.ErrorCode;
import org.jspecify.annotations.Nullable;

/**
 * How a request names its document, whichever way it came in (an HTTP body, GET parameters,
 * graphql-java's {@code ExecutionInput}): each field that carries an id must name the same document
 * as the first one ({@link #requireSame}), and {@code extensions.persistedQuery} is version 1 with
 * a {@code sha256Hash} ({@link #persistedQueryHash}). Each way in reads its own tree; the rules and
 * their messages are here.
 */
public final class RequestIds {

  /** Where an automatic persisted query carries its id. */
  public static final String PERSISTED_HASH = "extensions.persistedQuery.sha256Hash";

  private RequestIds() {}

  /**
   * What a way in reads of {@code extensions.persistedQuery} in its own tree.
   *
   * @param <T> the tree's node type
   */
  public interface PersistedQuery<T> {
    boolean isObject(T persisted);

    /** Whether {@code version} is the integral number 1 (1.0 is not). */
    boolean isVersionOne(T persisted);

    /** The {@code sha256Hash}, or {@code null} when absent. */
    @Nullable String sha256Hash(T persisted);
  }

  /**
   * The id of {@code persisted} ({@code null}: no {@code extensions.persistedQuery}).
   *
   * @throws RequestIdException when it is not an object, not version 1, or has no hash
   */
  public static <T> @Nullable String persistedQueryHash(
      @Nullable T persisted, PersistedQuery<T> tree) {
    if (persisted == null) {
      return null;
    }
    if (!tree.isObject(persisted)) {
      throw RequestIdException.badRequest("extensions.persistedQuery must be an object");
    }
    if (!tree.isVersionOne(persisted)) {
      throw new RequestIdException(
          ErrorCode.PERSISTED_QUERY_VERSION_NOT_SUPPORTED,
          "Unsupported persisted query version: only version 1 is supported");
    }
    String hash = tree.sha256Hash(persisted);
    if (hash == null) {
      throw RequestIdException.badRequest(PERSISTED_HASH + " is required");
    }
    return hash;
  }

  /**
   * Checks that {@code value}, read from {@code field}, names the document already named by {@code
   * first} (read from {@code firstField}; none yet: {@code null}).
   *
   * @throws RequestIdException when they differ
   */
  public static void requireSame(
      @Nullable String firstField, @Nullable String first, String field, String value) {
    if (firstField == null || first == null || sameId(first, value)) {
      return;
    }
    throw RequestIdException.badRequest(firstField + " and " + field + " differ");
  }

  /** Two spellings of one SHA-256 id ({@code sha256:}, upper case), or the same custom id. */
  static boolean sameId(String left, String right) {
    if (DocumentHash.looksLikeHash(left) && DocumentHash.looksLikeHash(right)) {
      return DocumentHash.parse(left).equals(DocumentHash.parse(right));
    }
    return left.equals(right);
  }
}
