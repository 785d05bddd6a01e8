package dev.tollgate.registry.gateway;

import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.answer.Headers;
import dev.tollgate.registry.answer.Statuses;
import dev.tollgate.registry.document.Sha256;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Statuses, media types and headers of {@code /graphql} responses. The rules both ways in share
 * (statuses per media type, {@code X-RateLimit-*}, {@code Retry-After}, {@code Allow}, {@code
 * Cache-Control} of answers that are not cacheable) live in the core's {@link Statuses} and {@link
 * Headers}; what is the gateway's alone (the response cache's ETag and {@code If-None-Match}) is
 * here.
 */
final class GatewayHeaders {

  static final String GRAPHQL_RESPONSE_JSON = "application/graphql-response+json";
  static final String NO_CACHE = Headers.NO_CACHE;

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

  /** {@code X-RateLimit-*}: the core's rule ({@link Headers#rateLimit}). */
  static void rateLimit(Map<String, String> headers, @Nullable BudgetCharge budget) {
    Headers.rateLimit(headers, budget);
  }

  /** {@code Retry-After} and {@code Allow}: the core's rule ({@link Headers#refusal}). */
  static void refusal(Map<String, String> headers, Refusal refusal, @Nullable BudgetCharge budget) {
    Headers.refusal(headers, refusal, budget);
  }

  /** The {@code Retry-After} seconds of {@code refusal} ({@link Headers#retryAfterSeconds}). */
  static long retryAfterSeconds(Refusal refusal, @Nullable BudgetCharge budget) {
    return Headers.retryAfterSeconds(refusal, budget);
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
