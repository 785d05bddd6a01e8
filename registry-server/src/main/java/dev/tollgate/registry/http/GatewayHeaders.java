package dev.tollgate.registry.http;

import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.error.ErrorCode;
import io.javalin.http.Context;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** Statuses, media types and headers of {@code /graphql} responses. */
final class GatewayHeaders {

  private GatewayHeaders() {}

  /**
   * The status of a refusal: its kind's status, except that an APQ miss is a 200 (Apollo clients
   * resend the text on it) and a document that does not parse or validate is a 400 (GraphQL over HTTP).
   */
  static int status(Refusal refusal) {
    return switch (refusal.errorCode()) {
      case PERSISTED_QUERY_NOT_FOUND -> 200;
      case GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED -> 400;
      default -> refusal.errorCode().status();
    };
  }

  /** {@code application/graphql-response+json} when the client accepts it, else {@code application/json}. */
  static String responseType(@Nullable String accept) {
    boolean graphql = accept != null && accept.toLowerCase(Locale.ROOT).contains(GatewayRoutes.GRAPHQL_RESPONSE_JSON);
    return (graphql ? GatewayRoutes.GRAPHQL_RESPONSE_JSON : "application/json") + "; charset=utf-8";
  }

  /** Nothing when the balance is unknown (the budget store did not answer a refusal's read). */
  static void rateLimit(Context ctx, @Nullable BudgetCharge budget) {
    if (budget == null) {
      return;
    }
    ctx.header("X-RateLimit-Limit", Long.toString(budget.limit()));
    ctx.header("X-RateLimit-Remaining", Long.toString(budget.remaining()));
    ctx.header("X-RateLimit-Reset", Long.toString(budget.resetInSeconds()));
  }

  /** {@code Retry-After} on 429, {@code Allow} on 405. */
  static void refusal(Context ctx, Refusal refusal, @Nullable BudgetCharge budget) {
    if (refusal.errorCode() == ErrorCode.RATE_LIMITED && budget != null) {
      ctx.header("Retry-After", Long.toString(Math.max(1, budget.retryAfterSeconds())));
    }
    if (refusal.errorCode() == ErrorCode.METHOD_NOT_ALLOWED) {
      ctx.header("Allow", "POST");
    }
  }

  /** A strong entity tag: the quoted SHA-256 of {@code bytes}. */
  static String etag(byte[] bytes) {
    try {
      return '"' + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)) + '"';
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java platform", e);
    }
  }

  /** Whether {@code If-None-Match} names {@code etag} (or is {@code *}); weak comparison, as RFC 9110 asks for it. */
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
