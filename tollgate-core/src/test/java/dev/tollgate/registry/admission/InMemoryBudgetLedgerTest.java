package dev.tollgate.registry.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.policy.KeyPolicy.Budget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

final class InMemoryBudgetLedgerTest {

  private static final Budget BUDGET = new Budget(1_000, 10);

  private final FakeClock clock = new FakeClock();
  private final InMemoryBudgetLedger ledger = new InMemoryBudgetLedger(clock);

  @Test
  void charge_newKey_startsFull() {
    BudgetCharge charge = ledger.charge("k", BUDGET, 0);

    assertThat(charge).isEqualTo(new BudgetCharge(true, 0, 1_000, 0, 0, 1_000));
  }

  @Test
  void charge_withinBalance_takesTheCost() {
    BudgetCharge charge = ledger.charge("k", BUDGET, 901);

    assertThat(charge.allowed()).isTrue();
    assertThat(charge.charged()).isEqualTo(901);
    assertThat(charge.remaining()).isEqualTo(99);
    assertThat(charge.resetInSeconds()).isEqualTo(91);
  }

  @Test
  void refund_afterCharge_addsTheUnitsBack() {
    ledger.charge("k", BUDGET, 901);

    // 1,000 - 901 = 99 left; 126 back: 225, 775 short of full at 10/s: 78 s
    BudgetCharge refunded = ledger.refund("k", BUDGET, 126);

    assertThat(refunded).isEqualTo(new BudgetCharge(true, 0, 225, 78, 0, 1_000));
  }

  @Test
  void refund_neverAboveCapacity() {
    ledger.charge("k", BUDGET, 10);

    assertThat(ledger.refund("k", BUDGET, 500).remaining()).isEqualTo(1_000);
    assertThat(ledger.refund("new", BUDGET, 5).remaining()).isEqualTo(1_000);
  }

  @Test
  void balance_newKey_fullLikeAChargeOfZero() {
    BudgetCharge balance = ledger.balance("k", BUDGET);

    assertThat(balance).isEqualTo(new BudgetCharge(true, 0, 1_000, 0, 0, 1_000));
  }

  @Test
  void balance_partlySpentAndRefilling_sameAsAChargeOfZeroAndTakesNothing() {
    ledger.charge("k", BUDGET, 901);
    clock.advance(Duration.ofMillis(2_500));

    BudgetCharge balance = ledger.balance("k", BUDGET);

    assertThat(balance).isEqualTo(new BudgetCharge(true, 0, 124, 88, 0, 1_000));
    assertThat(ledger.balance("k", BUDGET)).isEqualTo(balance);
    assertThat(ledger.charge("k", BUDGET, 0)).isEqualTo(balance);
  }

  /* ---- refund ---- */

  @Test
  void refund_afterCharge_balanceAsBefore() {
    BudgetCharge before = ledger.charge("k", BUDGET, 0);
    ledger.charge("k", BUDGET, 400);

    BudgetCharge after = ledger.refund("k", BUDGET, 400);

    assertThat(after).isEqualTo(before);
  }

  @Test
  void refund_refilledFirstAndCappedAtCapacity() {
    ledger.charge("k", BUDGET, 500);
    clock.advance(Duration.ofSeconds(10));

    // 500 + 10 s × 10/s = 600, then + 300 = 900; + 300 more would be 1,200: capped at 1,000
    assertThat(ledger.refund("k", BUDGET, 300).remaining()).isEqualTo(900);
    assertThat(ledger.refund("k", BUDGET, 300).remaining()).isEqualTo(1_000);
  }

  @Test
  void refund_newKey_fullAndNoBucketMade() {
    BudgetCharge refunded = ledger.refund("k", BUDGET, 50);

    assertThat(refunded).isEqualTo(new BudgetCharge(true, 0, 1_000, 0, 0, 1_000));
    assertThat(ledger.charge("k", BUDGET, 1_000).allowed()).isTrue();
  }

  @Test
  void charge_short_refusesAndTakesNothing() {
    ledger.charge("k", BUDGET, 901);

    BudgetCharge refused = ledger.charge("k", BUDGET, 200);

    assertThat(refused.allowed()).isFalse();
    assertThat(refused.charged()).isZero();
    assertThat(refused.remaining()).isEqualTo(99);
    assertThat(refused.retryAfterSeconds()).isEqualTo(11);
    assertThat(ledger.charge("k", BUDGET, 99).allowed()).isTrue();
  }

  @Test
  void charge_afterRefill_allowsAgain() {
    ledger.charge("k", BUDGET, 1_000);
    assertThat(ledger.charge("k", BUDGET, 100).allowed()).isFalse();

    clock.advance(Duration.ofSeconds(10));

    BudgetCharge charge = ledger.charge("k", BUDGET, 100);
    assertThat(charge.allowed()).isTrue();
    assertThat(charge.remaining()).isZero();
  }

  @Test
  void charge_refillNeverExceedsCapacity() {
    ledger.charge("k", BUDGET, 500);
    clock.advance(Duration.ofHours(1));

    assertThat(ledger.charge("k", BUDGET, 0).remaining()).isEqualTo(1_000);
  }

  @Test
  void charge_separateKeys_separateBuckets() {
    ledger.charge("a", BUDGET, 1_000);

    assertThat(ledger.charge("b", BUDGET, 1_000).allowed()).isTrue();
  }

  @Test
  void charge_concurrent_neverSpendsMoreThanCapacity() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Callable<Boolean>> charges = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      charges.add(() -> ledger.charge("k", BUDGET, 7).allowed());
    }
    int allowed = 0;
    for (Future<Boolean> result : pool.invokeAll(charges)) {
      allowed += result.get() ? 1 : 0;
    }
    pool.shutdown();

    assertThat(allowed).isEqualTo(1_000 / 7);
    assertThat(ledger.charge("k", BUDGET, 0).remaining()).isEqualTo(1_000 % 7);
  }
}
