package dev.tollgate.registry.admission;

import dev.tollgate.registry.ErrorKind;
import dev.tollgate.registry.config.KeyPolicy.Limits;
import dev.tollgate.registry.document.DocumentHash;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The refusals of admission, with the codes and messages clients read (DESIGN.md sections 4 and 5). */
final class Refusals {

  private Refusals() {}

  static RefusedException notInList(DocumentHash id) {
    return new RefusedException("PERSISTED_QUERY_NOT_IN_LIST", ErrorKind.NOT_FOUND,
        "Persisted query " + id + " not found in the persisted query list");
  }

  static RefusedException notInSafelist() {
    return new RefusedException("QUERY_NOT_IN_SAFELIST", ErrorKind.FORBIDDEN,
        "Query was not in the safelist: only registered documents may run with this key");
  }

  static RefusedException idRequired() {
    return new RefusedException("PERSISTED_QUERY_ID_REQUIRED", ErrorKind.BAD_REQUEST,
        "This key must send a document id (documentId or extensions.persistedQuery), not query text");
  }

  /** Apollo clients read exactly this message and code, and then resend the hash with the text. */
  static RefusedException persistedQueryNotFound() {
    return new RefusedException("PERSISTED_QUERY_NOT_FOUND", ErrorKind.NOT_FOUND, "PersistedQueryNotFound");
  }

  static RefusedException hashMismatch() {
    return new RefusedException("PERSISTED_QUERY_HASH_MISMATCH", ErrorKind.BAD_REQUEST,
        "provided sha does not match query");
  }

  static RefusedException noDocument() {
    return new RefusedException("BAD_REQUEST", ErrorKind.BAD_REQUEST,
        "a request needs a query, a documentId or extensions.persistedQuery");
  }

  static RefusedException introspectionDisabled() {
    return new RefusedException("INTROSPECTION_DISABLED", ErrorKind.FORBIDDEN,
        "GraphQL introspection is not allowed for this key");
  }

  static RefusedException mutationByGet() {
    return new RefusedException("METHOD_NOT_ALLOWED", ErrorKind.METHOD_NOT_ALLOWED,
        "mutations must be sent with POST", Map.of("allow", "POST"), null);
  }

  static RefusedException depth(int depth, Limits limits, long cost) {
    return new RefusedException("MAX_DEPTH_EXCEEDED", ErrorKind.BAD_REQUEST,
        "maximum query depth exceeded " + depth + " > " + limits.depth(), Map.of(), cost);
  }

  /** @param cost the estimated cost, or {@code null} when refused before pricing */
  static RefusedException aliases(int aliases, Limits limits, @Nullable Long cost) {
    return new RefusedException("MAX_ALIASES_EXCEEDED", ErrorKind.BAD_REQUEST,
        aliases + " aliases found. Allowed: " + limits.aliases(), Map.of(), cost);
  }

  static RefusedException tooExpensive(long cost, long max) {
    Map<String, Object> price = new LinkedHashMap<>();
    price.put("estimated", cost);
    price.put("max", max);
    return new RefusedException("COST_ESTIMATED_TOO_EXPENSIVE", ErrorKind.BAD_REQUEST,
        "maximum query complexity exceeded " + cost + " > " + max, Map.of("cost", price), cost);
  }

  static RefusedException rateLimited(long cost, BudgetCharge charge) {
    Map<String, Object> extensions = new LinkedHashMap<>();
    extensions.put("retryAfter", charge.retryAfterSeconds());
    return new RefusedException("RATE_LIMITED", ErrorKind.RATE_LIMITED,
        "Rate limit exceeded: this request costs " + cost + ", " + charge.remaining()
            + " remaining; retry in " + charge.retryAfterSeconds() + " s", extensions, cost);
  }

  static RefusedException batchingDisabled() {
    return new RefusedException("BATCHING_NOT_SUPPORTED", ErrorKind.BAD_REQUEST, "Batching is not enabled");
  }

  static RefusedException batchTooLarge(int size, int max) {
    return new RefusedException("BATCH_TOO_LARGE", ErrorKind.BAD_REQUEST,
        "a batch may hold at most " + max + " operations, got " + size);
  }

  static RefusedException emptyBatch() {
    return new RefusedException("BAD_REQUEST", ErrorKind.BAD_REQUEST, "a batch must hold at least one operation");
  }
}
