package dev.tollgate.registry.answer;

import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.error.ErrorCode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The response headers of an admission decision, the same for both ways in: the gateway's {@code
 * GatewayHeaders} and the Spring Boot starter's HTTP handler both add them.
 *
 * <ul>
 *   <li>{@code X-RateLimit-Limit/Remaining/Reset} whenever the caller's balance is known (admitted
 *       or refused; not for an unknown key, nor a refusal whose balance this instance does not
 *       know).
 *   <li>{@code Retry-After} on {@code RATE_LIMITED} (the seconds until the bucket holds the cost),
 *       {@code UPSTREAM_BUSY} (1) and {@code BUDGET_STORE_UNAVAILABLE} (its {@code retryAfter}).
 *   <li>{@code Allow: POST} on {@code METHOD_NOT_ALLOWED} (a mutation by GET).
 *   <li>{@code Cache-Control: private, no-cache, must-revalidate} on every answer that is not
 *       cacheable: refusals (401 included) and admitted answers alike. Only the gateway's response
 *       cache answers otherwise (a registered query by GET, with {@code max-age} and an ETag).
 * </ul>
 */
public final class Headers {

  /** The {@code Cache-Control} of every answer that is not cacheable. */
  public static final String NO_CACHE = "private, no-cache, must-revalidate";

  private Headers() {}

  /**
   * The headers of an answer to {@code decision} that is not cacheable: the balance, a refusal's
   * {@code Retry-After} and {@code Allow}, and {@link #NO_CACHE}; in that order.
   */
  public static Map<String, String> of(Decision decision) {
    Map<String, String> headers = new LinkedHashMap<>();
    rateLimit(headers, decision.budget());
    if (decision instanceof Decision.Rejected rejected) {
      refusal(headers, rejected.refusal(), rejected.budget());
    }
    headers.put("Cache-Control", NO_CACHE);
    return headers;
  }

  /**
   * The headers of a refusal decided without a policy (an unknown key, a request whose headers
   * alone are wrong): nothing is charged or reported, so only its {@code Allow} and {@link
   * #NO_CACHE}.
   */
  public static Map<String, String> withoutPolicy(Refusal refusal) {
    Map<String, String> headers = new LinkedHashMap<>();
    refusal(headers, refusal, null);
    headers.put("Cache-Control", NO_CACHE);
    return headers;
  }

  /**
   * {@code X-RateLimit-Limit/Remaining/Reset} into {@code headers}; nothing when the balance is
   * unknown ({@link dev.tollgate.registry.admission.BudgetLedger#balance}).
   */
  public static void rateLimit(Map<String, String> headers, @Nullable BudgetCharge budget) {
    if (budget == null) {
      return;
    }
    headers.put("X-RateLimit-Limit", Long.toString(budget.limit()));
    headers.put("X-RateLimit-Remaining", Long.toString(budget.remaining()));
    headers.put("X-RateLimit-Reset", Long.toString(budget.resetInSeconds()));
  }

  /**
   * {@code Retry-After} on 429 and 503 (budget store, busy upstream), {@code Allow} on 405, into
   * {@code headers}.
   */
  public static void refusal(
      Map<String, String> headers, Refusal refusal, @Nullable BudgetCharge budget) {
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
   * known; at least 1), {@code UPSTREAM_BUSY} (1) and {@code BUDGET_STORE_UNAVAILABLE} (its {@code
   * retryAfter} extension, else 1); 0 for the others.
   */
  public static long retryAfterSeconds(Refusal refusal, @Nullable BudgetCharge budget) {
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
}
