package dev.tollgate.registry.admission;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.limit.Facts;
import dev.tollgate.registry.limit.Limit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The refusals of admission, with the codes and messages clients read (docs/cost-model.md and the
 * README gateway section).
 */
final class Refusals {

  private Refusals() {}

  static Refusal notInList(DocumentHash id) {
    return new Refusal(
        ErrorCode.PERSISTED_QUERY_NOT_IN_LIST,
        "Persisted query " + id + " not found in the persisted query list");
  }

  /** A custom document id (an alias) that names nothing in the caller's apps. */
  static Refusal notInList(String alias) {
    return new Refusal(
        ErrorCode.PERSISTED_QUERY_NOT_IN_LIST,
        "Persisted query " + alias + " not found in the persisted query list");
  }

  /** A custom document id that names different documents in two of the caller's apps. */
  static Refusal aliasAmbiguous(String alias, Map<DocumentHash, ? extends Set<String>> targets) {
    List<String> apps = new ArrayList<>();
    List<String> ids = new ArrayList<>();
    targets.forEach(
        (hash, names) -> {
          ids.add(hash.hex());
          apps.addAll(names);
        });
    Map<String, Object> extensions = new LinkedHashMap<>();
    extensions.put("alias", alias);
    extensions.put("ids", ids);
    return new Refusal(
        ErrorCode.ALIAS_AMBIGUOUS,
        "document id "
            + alias
            + " names different documents in the apps "
            + String.join(", ", apps)
            + " of this key: send the SHA-256 id",
        extensions);
  }

  static Refusal notInSafelist() {
    return new Refusal(
        ErrorCode.QUERY_NOT_IN_SAFELIST,
        "Query was not in the safelist: only registered documents may run with this key");
  }

  static Refusal idRequired() {
    return new Refusal(
        ErrorCode.PERSISTED_QUERY_ID_REQUIRED,
        "This key must send a document id (documentId or extensions.persistedQuery), not query text");
  }

  /** Apollo clients read exactly this message and code, and then resend the hash with the text. */
  static Refusal persistedQueryNotFound() {
    return new Refusal(ErrorCode.PERSISTED_QUERY_NOT_FOUND, "PersistedQueryNotFound");
  }

  static Refusal hashMismatch() {
    return new Refusal(
        ErrorCode.PERSISTED_QUERY_HASH_MISMATCH, "provided sha does not match query");
  }

  static Refusal noDocument() {
    return new Refusal(
        ErrorCode.BAD_REQUEST,
        "a request needs a query, a documentId or extensions.persistedQuery");
  }

  static Refusal textTooLarge(long bytes, int max) {
    return new Refusal(
        ErrorCode.PAYLOAD_TOO_LARGE,
        "an open-mode query may have at most " + max + " bytes, got " + bytes);
  }

  static Refusal introspectionDisabled() {
    return new Refusal(
        ErrorCode.INTROSPECTION_DISABLED, "GraphQL introspection is not allowed for this key");
  }

  static Refusal mutationByGet() {
    return new Refusal(
        ErrorCode.METHOD_NOT_ALLOWED, "mutations must be sent with POST", Map.of("allow", "POST"));
  }

  /** The token limit, decided from cached facts: the message the parser's refusal has. */
  static Refusal tooManyTokens(int maxTokens) {
    return breach(Limit.TOKENS, Facts.NOT_MEASURED, maxTokens);
  }

  /**
   * A breach of {@code limit}: {@code found} over {@code max}, with the table's code and message.
   * The cost refusal also carries the price ({@code extensions.cost}), as Apollo Router's does.
   */
  static Refusal breach(Limit limit, long found, long max) {
    String message = limit.message(found, max);
    if (limit != Limit.COST) {
      return new Refusal(limit.code(), message);
    }
    Map<String, Object> price = new LinkedHashMap<>();
    price.put("estimated", found);
    price.put("max", max);
    return new Refusal(limit.code(), message, Map.of("cost", price));
  }

  static Refusal rateLimited(long cost, BudgetCharge charge) {
    Map<String, Object> extensions = new LinkedHashMap<>();
    extensions.put("retryAfter", charge.retryAfterSeconds());
    return new Refusal(
        ErrorCode.RATE_LIMITED,
        "Rate limit exceeded: this request costs "
            + cost
            + ", "
            + charge.remaining()
            + " remaining; retry in "
            + charge.retryAfterSeconds()
            + " s",
        extensions);
  }

  static Refusal batchingDisabled() {
    return new Refusal(ErrorCode.BATCHING_NOT_SUPPORTED, "Batching is not enabled");
  }

  static Refusal batchTooLarge(int size, int max) {
    return new Refusal(
        ErrorCode.BATCH_TOO_LARGE, "a batch may hold at most " + max + " operations, got " + size);
  }

  static Refusal emptyBatch() {
    return new Refusal(ErrorCode.BAD_REQUEST, "a batch must hold at least one operation");
  }
}
