package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.BudgetLedger;
import dev.tollgate.registry.admission.FakeClock;
import dev.tollgate.registry.admission.RecordingBudgetLedger;
import dev.tollgate.registry.admission.RedisBudgetLedger;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.pricing.OperationKind;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * A request whose upstream call failed is not charged: the caller's balance after it is the balance
 * before, in memory and (with {@code TOLLGATE_TEST_REDIS_URL}) in Redis.
 */
final class GatewayRefundTest {

  private static final String REDIS_URL = System.getenv("TOLLGATE_TEST_REDIS_URL");
  private static final String CARGO =
      "query Cargo { cargo(trackingId: \"ABC123\") { id trackingId } }";

  @Test
  void post_upstreamFails_inMemory_balanceAsBefore() {
    RecordingBudgetLedger ledger = new RecordingBudgetLedger(new FakeClock());
    try (GatewayHarness gateway = GatewayHarness.startWith(ledger)) {

      assertBalanceKept(gateway);

      assertThat(ledger.charges()).containsExactly(7L, 7L);
      assertThat(ledger.refunds()).containsExactly(7L);
    }
  }

  @Test
  void post_upstreamFails_redis_balanceAsBefore() {
    assumeTrue(
        REDIS_URL != null,
        "set TOLLGATE_TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run the Redis refund test");
    String run = UUID.randomUUID().toString();
    try (RedisBudgetLedger redis = new RedisBudgetLedger(REDIS_URL, new FakeClock());
        GatewayHarness gateway = GatewayHarness.startWith(new Prefixed(redis, run))) {

      assertBalanceKept(gateway);
    }
  }

  /** 10,000 - 7 after a success; still 10,000 - 7 after a failure. */
  private static void assertBalanceKept(GatewayHarness gateway) {
    DocumentHash cargo = gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 7);
    HttpResponse<String> ok = gateway.post("trusted-key", Map.of("documentId", cargo.hex()));
    long before = body(ok).at("/extensions/rateLimit/remaining").asLong();
    gateway.upstream.failing(true);

    HttpResponse<String> failed = gateway.post("trusted-key", Map.of("documentId", cargo.hex()));

    assertThat(before).isEqualTo(10_000 - 7);
    assertThat(failed.statusCode()).isEqualTo(502);
    assertThat(body(failed).at("/extensions/rateLimit/remaining").asLong()).isEqualTo(before);
    assertThat(body(failed).at("/extensions/rateLimit/cost").asLong()).isZero();
  }

  /** Keys under a fresh prefix, so runs sharing one Redis never share a bucket. */
  private record Prefixed(BudgetLedger ledger, String prefix) implements BudgetLedger {
    @Override
    public BudgetCharge charge(String key, Budget budget, long cost) {
      return ledger.charge(prefix + key, budget, cost);
    }

    @Override
    public @Nullable BudgetCharge balance(String key, Budget budget) {
      return ledger.balance(prefix + key, budget);
    }

    @Override
    public BudgetCharge refund(String key, Budget budget, long units) {
      return ledger.refund(prefix + key, budget, units);
    }
  }
}
