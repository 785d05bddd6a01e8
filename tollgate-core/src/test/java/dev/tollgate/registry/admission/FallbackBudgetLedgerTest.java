package dev.tollgate.registry.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.OnStoreFailure;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

final class FallbackBudgetLedgerTest {

  private static final Budget LOCAL = new Budget(100, 8, OnStoreFailure.LOCAL);
  private static final Budget DENY = new Budget(100, 8, OnStoreFailure.DENY);

  private final FakeClock clock = new FakeClock();
  private final AtomicLong nanos = new AtomicLong();
  private final SwitchedLedger shared = new SwitchedLedger(clock);
  private final AtomicInteger failures = new AtomicInteger();
  private final FallbackBudgetLedger ledger =
      new FallbackBudgetLedger(shared, 4, clock, failures::incrementAndGet, nanos::get);

  @Test
  void charge_storeUp_chargesTheStore() {
    BudgetCharge charge = ledger.charge("k", LOCAL, 10);

    assertThat(charge.limit()).isEqualTo(100);
    assertThat(charge.remaining()).isEqualTo(90);
    assertThat(failures).hasValue(0);
  }

  @Test
  void charge_storeDownLocal_chargesAQuarterOfTheBudget() {
    shared.down = true;

    BudgetCharge charge = ledger.charge("k", LOCAL, 10);

    // 100 / 4 = 25 units, 25 - 10
    assertThat(charge.limit()).isEqualTo(25);
    assertThat(charge.remaining()).isEqualTo(15);
    assertThat(ledger.charge("k", LOCAL, 16).allowed()).isFalse();
    assertThat(failures).hasValue(2);
  }

  @Test
  void refund_storeUp_givesBackToTheStore() {
    ledger.charge("k", LOCAL, 10);

    assertThat(ledger.refund("k", LOCAL, 10).remaining()).isEqualTo(100);
    assertThat(shared.memory.balance("k", LOCAL).remaining()).isEqualTo(100);
  }

  @Test
  void refund_storeDownLocal_givesBackToTheLocalShare() {
    shared.down = true;
    ledger.charge("k", LOCAL, 10);

    // the local share holds 100 / 4 = 25 units: 15 after the charge, 25 after the refund
    assertThat(ledger.refund("k", LOCAL, 10).remaining()).isEqualTo(25);
  }

  @Test
  void refund_storeDownDeny_unavailable() {
    shared.down = true;

    assertThatThrownBy(() -> ledger.refund("k", DENY, 10))
        .isInstanceOf(BudgetStoreUnavailableException.class);
  }

  @Test
  void charge_storeDownDeny_unavailableWithRetryAfter() {
    shared.down = true;

    assertThatThrownBy(() -> ledger.charge("k", DENY, 10))
        .isInstanceOfSatisfying(
            BudgetStoreUnavailableException.class,
            e -> assertThat(e.extensions()).containsEntry("retryAfter", 1L));
  }

  @Test
  void charge_storeDown_probedAtMostOncePerSecond() {
    shared.down = true;
    ledger.charge("k", LOCAL, 1);

    for (int i = 0; i < 10; i++) {
      nanos.addAndGet(Duration.ofMillis(99).toNanos());
      ledger.charge("k", LOCAL, 1);
    }
    // 10 × 99 ms = 990 ms after the failure: no probe yet
    assertThat(shared.calls).hasValue(1);

    nanos.addAndGet(Duration.ofMillis(10).toNanos());
    ledger.charge("k", LOCAL, 1);
    assertThat(shared.calls).hasValue(2);
  }

  @Test
  void charge_storeBack_chargesItAgainAndForgetsTheLocalBucket() {
    shared.down = true;
    ledger.charge("k", LOCAL, 20);
    shared.down = false;
    nanos.addAndGet(Duration.ofSeconds(1).toNanos());

    BudgetCharge back = ledger.charge("k", LOCAL, 10);
    shared.down = true;
    nanos.addAndGet(Duration.ofSeconds(1).toNanos());
    BudgetCharge again = ledger.charge("k", LOCAL, 10);

    assertThat(back.limit()).isEqualTo(100);
    assertThat(back.remaining()).isEqualTo(90);
    // a fresh local bucket: 25 - 10
    assertThat(again.remaining()).isEqualTo(15);
  }

  @Test
  void balance_neverCallsTheStore() {
    shared.down = true;

    assertThat(ledger.balance("k", LOCAL)).isNull();
    ledger.charge("k", LOCAL, 5);
    // during the outage the local bucket: 25 - 5
    assertThat(ledger.balance("k", LOCAL).remaining()).isEqualTo(20);
    assertThat(shared.calls).hasValue(1);
  }

  @Test
  void share_capacityBelowInstances_atLeastOneUnit() {
    Budget share = ledger.share(new Budget(3, 1));

    assertThat(share.capacity()).isEqualTo(1);
    assertThat(share.refillPerSecond()).isEqualTo(0.25);
  }

  /** An in-memory store that can be switched off; balances are unknown, as in a fresh Redis. */
  private static final class SwitchedLedger implements BudgetLedger {
    private final InMemoryBudgetLedger memory;
    private final AtomicInteger calls = new AtomicInteger();
    volatile boolean down;

    SwitchedLedger(FakeClock clock) {
      this.memory = new InMemoryBudgetLedger(clock);
    }

    @Override
    public BudgetCharge charge(String key, Budget budget, long cost) {
      calls.incrementAndGet();
      if (down) {
        throw new BudgetStoreUnavailableException("down", new IllegalStateException("down"));
      }
      return memory.charge(key, budget, cost);
    }

    @Override
    public BudgetCharge refund(String key, Budget budget, long units) {
      if (down) {
        throw new BudgetStoreUnavailableException("down", new IllegalStateException("down"));
      }
      return memory.refund(key, budget, units);
    }

    @Override
    public @Nullable BudgetCharge balance(String key, Budget budget) {
      return null;
    }
  }
}
