package dev.tollgate.registry.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.policy.KeyPolicy.Budget;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.RedisClient;

/**
 * The ledger on a Redis Cluster of three masters started by the test ({@code redis-server
 * --cluster-enabled yes}, joined by {@code redis-cli --cluster create}); skipped when either
 * program is not on the PATH.
 */
final class RedisClusterLedgerTest {

  private static final Budget BUDGET = new Budget(1_000, 10);
  private static RedisProcesses cluster;

  private final FakeClock clock = new FakeClock();
  private final String run = UUID.randomUUID().toString();
  private final List<AutoCloseable> closeables = new ArrayList<>();

  @BeforeAll
  static void startCluster() throws Exception {
    cluster = RedisProcesses.cluster(3);
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable closeable : closeables) {
      closeable.close();
    }
  }

  @Test
  void charge_300Keys_eachOneKeyOnTheMasterOfItsSlotAndEveryMasterHoldsSome() {
    RedisBudgetLedger ledger = closing(new RedisBudgetLedger(cluster.urls(), true, clock));

    Set<String> buckets = new HashSet<>();
    for (int i = 0; i < 300; i++) {
      assertThat(ledger.charge(run + ":" + i, BUDGET, 10).remaining()).isEqualTo(990);
      buckets.add(RedisBudgetLedger.bucketKey(run + ":" + i));
    }

    int total = 0;
    for (int node = 0; node < cluster.size(); node++) {
      try (RedisClient client = cluster.node(node)) {
        Set<String> held = new HashSet<>(client.keys(RedisBudgetLedger.KEY_PREFIX + "*"));
        held.retainAll(buckets);
        // 300 buckets over three masters of about 5,461 slots each: 100 expected on each, and
        // fewer than 50 or more than 150 is more than 6 standard deviations (√(300·⅓·⅔) ≈ 8.2).
        assertThat(held.size()).as("buckets on node %d", node).isBetween(50, 150);
        total += held.size();
      }
    }
    assertThat(total).isEqualTo(300);
  }

  @Test
  void charge_generatedSequenceOverManyKeys_sameOutcomesAsInMemory() {
    RedisBudgetLedger ledger = closing(new RedisBudgetLedger(cluster.urls(), true, clock));
    InMemoryBudgetLedger memory = new InMemoryBudgetLedger(clock);
    Random random = new Random(29);
    int refused = 0;
    for (int step = 0; step < 600; step++) {
      clock.advance(Duration.ofMillis(random.nextInt(2_000)));
      String key = run + ":seq:" + random.nextInt(20);
      long cost = random.nextInt(400);

      BudgetCharge expected = memory.charge(key, BUDGET, cost);

      assertThat(ledger.charge(key, BUDGET, cost)).as("step %d", step).isEqualTo(expected);
      refused += expected.allowed() ? 0 : 1;
    }
    assertThat(refused).as("the sequence exercises refusals").isPositive();
  }

  @Test
  void charge_firstSeedDown_reachesTheClusterThroughTheOthers() throws Exception {
    String seeds = "redis://127.0.0.1:" + unusedPort() + "," + cluster.url(1);
    RedisBudgetLedger ledger = closing(new RedisBudgetLedger(seeds, true, clock));

    assertThat(ledger.charge(run + ":seed", BUDGET, 100).remaining()).isEqualTo(900);
  }

  @Test
  void charge_threeGatewaysOnSixThreads_admitNoMoreThanCapacityPlusRefill() throws Exception {
    Budget budget = new Budget(500, 200);
    List<RedisBudgetLedger> gateways = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      gateways.add(closing(new RedisBudgetLedger(cluster.urls(), true, clock)));
    }

    Conservation.Run result =
        Conservation.run(gateways, 2, 300, clock, run + ":shared", budget, 40);

    // 3 × 2 × 300 = 1,800 charges, 1 ms per 10: 180 ms; 500 + 200/s × 0.180 s = 536 at most, and
    // at least 500 − 40 (the first refusal leaves less than the largest cost).
    assertThat(result.endMicros() - result.startMicros()).isEqualTo(180_000);
    assertThat(result.admittedUnits()).isBetween(460L, 536L);
    assertThat(result.windowBreakingTheBound(budget)).isNull();
  }

  @Test
  void charge_noNodeListening_constructsThenFailsAsBudgetStoreUnavailable() throws Exception {
    int port = unusedPort();
    RedisBudgetLedger ledger =
        closing(
            new RedisBudgetLedger(
                RedisNodes.parse("redis://127.0.0.1:" + port, true),
                clock,
                Duration.ofMillis(300)));
    long started = System.nanoTime();

    assertThatThrownBy(() -> ledger.charge("k", BUDGET, 1))
        .isInstanceOf(BudgetStoreUnavailableException.class)
        .hasMessageStartingWith("budget store unavailable: Redis at 127.0.0.1:" + port + " failed");

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    // Made again on the next call: the cluster is found once it answers.
    assertThatThrownBy(() -> ledger.charge("k", BUDGET, 1))
        .isInstanceOf(BudgetStoreUnavailableException.class);
  }

  private static int unusedPort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private <T extends AutoCloseable> T closing(T closeable) {
    closeables.add(closeable);
    return closeable;
  }
}
