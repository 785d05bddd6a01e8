package dev.tollgate.registry.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.policy.KeyPolicy.Budget;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The conservation invariant of a bucket shared by several gateways, on a {@code redis-server}
 * started by the test (skipped without one): over any window, the units admitted are at most the
 * capacity plus the refill over the window (widened by the longest charge), plus the prices of the
 * charges in flight as the window opens.
 */
final class BudgetConservationTest {

  // 500 units, 200 a second: the run below moves the clock 1 ms per 10 charges.
  private static final Budget BUDGET = new Budget(500, 200);
  private static final int MAX_COST = 40;

  private final List<AutoCloseable> closeables = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    for (int i = closeables.size() - 1; i >= 0; i--) {
      closeables.get(i).close();
    }
  }

  @Test
  void charge_fourGatewaysOnEightThreads_admitNoMoreThanCapacityPlusRefill() throws Exception {
    RedisProcesses redis = closing(RedisProcesses.server());
    FakeClock clock = new FakeClock();
    List<RedisBudgetLedger> gateways = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      gateways.add(closing(new RedisBudgetLedger(redis.url(0), clock)));
    }

    Conservation.Run run =
        Conservation.run(
            gateways, 2, 300, clock, "conservation-" + UUID.randomUUID(), BUDGET, MAX_COST);

    // 4 gateways × 2 threads × 300 charges = 2,400 charges; 1 ms per 10 charges: 240 ms.
    assertThat(run.endMicros() - run.startMicros()).isEqualTo(240_000);
    // Every charge is stamped within those 240 ms: 500 + 200/s × 0.240 s = 548 units at most.
    assertThat(run.admittedUnits()).isLessThanOrEqualTo(548);
    // The first refusal comes with fewer than 40 units left (a cost is 1 to 40): 460 at least.
    assertThat(run.admittedUnits()).isGreaterThanOrEqualTo(460);
    // About 20.5 units a charge were asked: 49,200 against 548, so most are refused.
    assertThat(run.refused()).isGreaterThan(2_000);
    assertThat(run.windowBreakingTheBound(BUDGET)).isNull();
  }

  @Test
  void windowBreakingTheBound_moreThanCapacityInOneInstant_found() {
    // The check itself can fail: 300 + 300 units begun and answered at the same instant (none in
    // flight before it, no latency), against 500 + 200/s × 0 s = 500.
    Conservation.Admitted charge = new Conservation.Admitted(300, 1_000, 1_000);
    Conservation.Run run = new Conservation.Run(List.of(charge, charge), 0, 0, 1_000, 0);

    assertThat(run.windowBreakingTheBound(BUDGET)).isEqualTo("[1000, 1000] µs: 600 units > 500.0");
  }

  private <T extends AutoCloseable> T closing(T closeable) {
    closeables.add(closeable);
    return closeable;
  }
}
