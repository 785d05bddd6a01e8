package dev.tollgate.registry.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.error.ErrorCode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The headers both ways in answer a decision with. */
class HeadersTest {

  /** 16 charged from 10,000: 9,984 left, full again in 16 / 100 per second = 1 s (rounded up). */
  private static final BudgetCharge CHARGED = new BudgetCharge(true, 16, 9_984, 1, 0, 10_000);

  /** 16 asked with 4 left at 0.001/s: (16 - 4) / 0.001 = 12,000 s to wait. */
  private static final BudgetCharge SHORT = new BudgetCharge(false, 0, 4, 16_000, 12_000, 20);

  @Test
  void admitted_balanceAndNoCache_noRetryAfter() {
    Decision admitted = new Decision.Admitted(List.of(), 16L, 1_000, CHARGED);

    assertThat(Headers.of(admitted))
        .containsExactly(
            entry("X-RateLimit-Limit", "10000"),
            entry("X-RateLimit-Remaining", "9984"),
            entry("X-RateLimit-Reset", "1"),
            entry("Cache-Control", "private, no-cache, must-revalidate"));
  }

  @Test
  void rateLimited_retryAfterTheSecondsUntilTheCostFits() {
    Decision rejected =
        new Decision.Rejected(
            new Refusal(ErrorCode.RATE_LIMITED, "Rate limit exceeded"), 16L, 1_000, SHORT);

    Map<String, String> headers = Headers.of(rejected);

    assertThat(headers).containsEntry("Retry-After", "12000");
    assertThat(headers).containsEntry("X-RateLimit-Remaining", "4");
    assertThat(headers).doesNotContainKey("Allow");
  }

  @Test
  void rateLimited_retryAfterAtLeastOneSecond() {
    // a bucket a fraction of a unit short reports 0 s to wait: the header says 1
    BudgetCharge almost = new BudgetCharge(false, 0, 15, 1, 0, 20);
    Refusal refusal = new Refusal(ErrorCode.RATE_LIMITED, "Rate limit exceeded");

    assertThat(Headers.retryAfterSeconds(refusal, almost)).isEqualTo(1);
  }

  @Test
  void mutationByGet_allowPost() {
    Decision rejected =
        new Decision.Rejected(
            new Refusal(ErrorCode.METHOD_NOT_ALLOWED, "mutations must be sent with POST"),
            null,
            1_000,
            CHARGED);

    assertThat(Headers.of(rejected))
        .containsEntry("Allow", "POST")
        .doesNotContainKey("Retry-After");
  }

  @Test
  void refusalWithUnknownBalance_noRateLimitHeaders() {
    Decision rejected =
        new Decision.Rejected(
            new Refusal(ErrorCode.BUDGET_STORE_UNAVAILABLE, "budget store unavailable"),
            16L,
            1_000,
            null);

    // no retryAfter extension: 1 s
    assertThat(Headers.of(rejected))
        .containsOnlyKeys("Retry-After", "Cache-Control")
        .containsEntry("Retry-After", "1");
  }

  @Test
  void budgetStoreUnavailable_retryAfterItsExtension() {
    Refusal refusal =
        new Refusal(
            ErrorCode.BUDGET_STORE_UNAVAILABLE,
            "budget store unavailable",
            Map.of("retryAfter", 5L));

    assertThat(Headers.retryAfterSeconds(refusal, null)).isEqualTo(5);
  }

  @Test
  void upstreamBusy_retryAfterOneSecond_otherRefusalsNone() {
    assertThat(Headers.retryAfterSeconds(new Refusal(ErrorCode.UPSTREAM_BUSY, "busy"), null))
        .isEqualTo(1);
    assertThat(
            Headers.retryAfterSeconds(
                new Refusal(ErrorCode.PERSISTED_QUERY_NOT_IN_LIST, "not found"), CHARGED))
        .isZero();
    // RATE_LIMITED without a known balance says nothing of when to retry
    assertThat(Headers.retryAfterSeconds(new Refusal(ErrorCode.RATE_LIMITED, "limited"), null))
        .isZero();
  }

  @Test
  void withoutPolicy_onlyNoCache() {
    assertThat(Headers.withoutPolicy(Refusal.UNKNOWN_KEY))
        .containsExactly(entry("Cache-Control", "private, no-cache, must-revalidate"));
  }
}
