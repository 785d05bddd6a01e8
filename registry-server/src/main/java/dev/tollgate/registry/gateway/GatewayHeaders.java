package dev.tollgate.registry.gateway;

import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.document.Sha256;
import dev.tollgate.registry.error.ErrorCode;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Statuses, media types and headers of {@code /graphql} responses. */
final class GatewayHeaders {

  static final String GRAPHQL_RESPONSE_JSON = "application/graphql-response+json";
  static final String NO_CACHE = "private, no-cache, must-revalidate";
  static final String VARY = "X-API-Key, Accept";

  private GatewayHeaders() {}

  /**
   * The status of a refusal: its kind's status, except that an APQ miss is a 200 (Apollo clients
   * resend the text on it) and a document that does not parse or validate is a 400 (GraphQL over
   * HTTP).
   */
  static int status(Refusal refusal) {
    return switch (refusal.errorCode()) {
      case PERSISTED_QUERY_NOT_FOUND -> 200;
      case GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED -> 400;
      default -> refusal.errorCode().status();
    };
  }

  /**
   * {@code application/graphql-response+json} when the client accepts it, else {@code
   * application/json}.
   */
  static String responseType(@Nullable String accept) {
    boolean graphql =
        accept != null && accept.toLowerCase(Locale.ROOT).contains(GRAPHQL_RESPONSE_JSON);
    return (graphql ? GRAPHQL_RESPONSE_JSON : "application/json") + "; charset=utf-8";
  }

  /**
   * Nothing when the balance is unknown ({@link
   * dev.tollgate.registry.admission.BudgetLedger#balance}).
   */
  static void rateLimit(Map<String, String> headers, @Nullable BudgetCharge budget) {
    if (budget == null) {
      return;
    }
    headers.put("X-RateLimit-Limit", Long.toString(budget.limit()));
    headers.put("X-RateLimit-Remaining", Long.toString(budget.remaining()));
    headers.put("X-RateLimit-Reset", Long.toString(budget.resetInSeconds()));
  }

  /** {@code Retry-After} on 429 and 503 (budget store, busy upstream), {@code Allow} on 405. */
  static void refusal(Map<String, String> headers, Refusal refusal, @Nullable BudgetCharge budget) {
    if (refusal.errorCode() == ErrorCode.RATE_LIMITED && budget != null) {
      headers.put("Retry-After", Long.toString(Math.max(1, budget.retryAfterSeconds())));
    }
    if (refusal.errorCode() == ErrorCode.UPSTREAM_BUSY) {
      headers.put("Retry-After", "1");
    }
    if (refusal.errorCode() == ErrorCode.BUDGET_STORE_UNAVAILABLE) {
      Object seconds = refusal.extensions().get("retryAfter");
      headers.put("Retry-After", seconds instanceof Long known ? Long.toString(known) : "1");
    }
    if (refusal.errorCode() == ErrorCode.METHOD_NOT_ALLOWED) {
      headers.put("Allow", "POST");
    }
  }

  /** A strong entity tag: the quoted SHA-256 of {@code bytes}. */
  static String etag(byte[] bytes) {
    return '"' + Sha256.hex(bytes) + '"';
  }

  /**
   * Whether {@code If-None-Match} names {@code etag} (or is {@code *}); weak comparison, as RFC
   * 9110 asks for it.
   */
  static boolean matches(@Nullable String ifNoneMatch, String etag) {
    if (ifNoneMatch == null) {
      return false;
    }
    for (String candidate : ifNoneMatch.split(",")) {
      String tag = candidate.trim();
      if (tag.equals("*") || tag.equals(etag) || tag.equals("W/" + etag)) {
        return true;
      }
    }
    return false;
  }
}
