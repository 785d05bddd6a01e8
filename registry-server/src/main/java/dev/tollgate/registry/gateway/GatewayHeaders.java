package dev.tollgate.registry.gateway;

import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.document.Sha256;
import dev.tollgate.registry.error.ErrorCode;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Statuses, media types and headers of {@code /graphql} responses. */
final class GatewayHeaders {

  static final String GRAPHQL_RESPONSE_JSON = "application/graphql-response+json";
  static final String NO_CACHE = "private, no-cache, must-revalidate";

  /**
   * Refusals about HTTP itself, answered with their own status in both media types; {@code
   * BAD_REQUEST} is a body that is not JSON (or not UTF-8) or JSON that is not a GraphQL request.
   */
  static final Set<ErrorCode> HTTP_LEVEL =
      EnumSet.of(
          ErrorCode.UNAUTHENTICATED,
          ErrorCode.METHOD_NOT_ALLOWED,
          ErrorCode.PAYLOAD_TOO_LARGE,
          ErrorCode.UNSUPPORTED_MEDIA_TYPE,
          ErrorCode.BAD_REQUEST);

  private GatewayHeaders() {}

  /**
   * The status of a refusal in the media type the answer is written in (GraphQL over HTTP).
   *
   * <p>In {@code application/graphql-response+json}: its kind's status, except that an APQ miss is
   * a 200 (Apollo clients resend the text on it) and a document that does not parse or validate is
   * a 400.
   *
   * <p>In {@code application/json}, which clients that do not know the new media type ask for
   * (Apollo Client 3 sends {@code *}{@code /*}) and read only with a 2xx: every refusal of a
   * well-formed request is a 200 with the same body and headers, so {@code extensions.code} reaches
   * the client's error handling, as GitHub and Shopify answer their rate limits. What stays is what
   * is about HTTP itself or about the server: {@link #HTTP_LEVEL} (an unknown key, a mutation by
   * GET, a body too large, not JSON, or not a GraphQL request: the spec's 400 for invalid
   * parameters) and every 5xx (the server, its upstream or its budget store failed, not the
   * request).
   */
  static int status(Refusal refusal, boolean graphqlResponse) {
    int status =
        switch (refusal.errorCode()) {
          case PERSISTED_QUERY_NOT_FOUND -> 200;
          case GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED -> 400;
          default -> refusal.errorCode().status();
        };
    if (graphqlResponse || status >= 500 || HTTP_LEVEL.contains(refusal.errorCode())) {
      return status;
    }
    return 200;
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
