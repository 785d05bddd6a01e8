package dev.tollgate.registry.gateway;

import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.answer.Statuses;
import dev.tollgate.registry.document.Sha256;
import dev.tollgate.registry.error.ErrorCode;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Statuses, media types and headers of {@code /graphql} responses. */
final class GatewayHeaders {

  static final String GRAPHQL_RESPONSE_JSON = "application/graphql-response+json";
  static final String NO_CACHE = "private, no-cache, must-revalidate";

  private GatewayHeaders() {}

  /** The status of a refusal in the media type the answer is written in ({@link Statuses}). */
  static int status(Refusal refusal, boolean graphqlResponse) {
    return Statuses.of(refusal.errorCode(), graphqlResponse);
  }

  /** Whether {@code accept} names {@code application/graphql-response+json}. */
  static boolean acceptsGraphqlResponse(@Nullable String accept) {
    return accept != null && accept.toLowerCase(Locale.ROOT).contains(GRAPHQL_RESPONSE_JSON);
  }

  /**
   * {@code application/graphql-response+json} when the client accepts it, else {@code
   * application/json}.
   */
  static String responseType(@Nullable String accept) {
    return (acceptsGraphqlResponse(accept) ? GRAPHQL_RESPONSE_JSON : "application/json")
        + "; charset=utf-8";
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
    long retryAfter = retryAfterSeconds(refusal, budget);
    if (retryAfter > 0) {
      headers.put("Retry-After", Long.toString(retryAfter));
    }
    if (refusal.errorCode() == ErrorCode.METHOD_NOT_ALLOWED) {
      headers.put("Allow", "POST");
    }
  }

  /**
   * The {@code Retry-After} seconds of {@code refusal}: {@code RATE_LIMITED} (when the balance is
   * known), {@code UPSTREAM_BUSY} and {@code BUDGET_STORE_UNAVAILABLE}; 0 for the others.
   */
  static long retryAfterSeconds(Refusal refusal, @Nullable BudgetCharge budget) {
    if (refusal.errorCode() == ErrorCode.RATE_LIMITED && budget != null) {
      return Math.max(1, budget.retryAfterSeconds());
    }
    if (refusal.errorCode() == ErrorCode.UPSTREAM_BUSY) {
      return 1;
    }
    if (refusal.errorCode() == ErrorCode.BUDGET_STORE_UNAVAILABLE) {
      return refusal.extensions().get("retryAfter") instanceof Long known ? known : 1;
    }
    return 0;
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
