package dev.tollgate.registry.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tollgate.registry.error.ErrorKind;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.RedisClient;

/**
 * Runs against the Redis named by {@code TOLLGATE_TEST_REDIS_URL} (e.g. {@code
 * redis://127.0.0.1:6379}); skipped without it, except for the tests of an unreachable store. Every
 * key carries a fresh UUID and is deleted afterwards, so runs never collide.
 */
final class RedisBudgetLedgerTest {

  private static final String REDIS_URL = System.getenv("TOLLGATE_TEST_REDIS_URL");
  private static final Budget BUDGET = new Budget(1_000, 10);

  private final FakeClock clock = new FakeClock();
  private final String run = UUID.randomUUID().toString();
  private final List<String> usedKeys = new ArrayList<>();
  private final List<AutoCloseable> closeables = new ArrayList<>();
  private @Nullable RedisClient admin;
  private @Nullable RedisBudgetLedger ledger;

  @BeforeEach
  void connect() {
    if (REDIS_URL == null) {
      return;
    }
    admin = closing(RedisClient.create(REDIS_URL));
    ledger = closing(new RedisBudgetLedger(REDIS_URL, clock));
  }

  @AfterEach
  void cleanUp() throws Exception {
    if (admin != null) {
      for (String key : usedKeys) {
        admin.del(RedisBudgetLedger.bucketKey(key));
      }
    }
    for (AutoCloseable closeable : closeables) {
      closeable.close();
    }
  }

  /* ---- bucket semantics ---- */

  @Test
  void charge_newKey_startsFull() {
    BudgetCharge charge = ledger().charge(key("k"), BUDGET, 0);

    assertThat(charge).isEqualTo(new BudgetCharge(true, 0, 1_000, 0, 0, 1_000));
  }

  @Test
  void charge_withinBalance_takesTheCost() {
    BudgetCharge charge = ledger().charge(key("k"), BUDGET, 901);

    assertThat(charge).isEqualTo(new BudgetCharge(true, 901, 99, 91, 0, 1_000));
  }

  @Test
  void refund_afterCharge_addsTheUnitsBackNeverAboveCapacity() {
    String key = key("k");
    ledger().charge(key, BUDGET, 901);

    // 1,000 - 901 = 99 left; 126 back: 225, 775 short of full at 10/s: 78 s
    assertThat(ledger().refund(key, BUDGET, 126))
        .isEqualTo(new BudgetCharge(true, 0, 225, 78, 0, 1_000));
    assertThat(ledger().balance(key, BUDGET).remaining()).isEqualTo(225);
    assertThat(ledger().refund(key, BUDGET, 5_000).remaining()).isEqualTo(1_000);
    assertThat(ledger().charge(key, BUDGET, 0).remaining()).isEqualTo(1_000);
  }

  @Test
  void charge_drained_refusesWithRetryAfterAndTakesNothing() {
    String key = key("k");
    ledger().charge(key, BUDGET, 901);

    BudgetCharge refused = ledger().charge(key, BUDGET, 200);

    assertThat(refused).isEqualTo(new BudgetCharge(false, 0, 99, 91, 11, 1_000));
    assertThat(ledger().charge(key, BUDGET, 99).allowed()).isTrue();
    assertThat(ledger().charge(key, BUDGET, 1).allowed()).isFalse();
  }

  @Test
  void charge_afterRefill_allowsAgain() {
    String key = key("k");
    ledger().charge(key, BUDGET, 1_000);
    assertThat(ledger().charge(key, BUDGET, 100).allowed()).isFalse();

    clock.advance(Duration.ofSeconds(10));

    BudgetCharge charge = ledger().charge(key, BUDGET, 100);
    assertThat(charge.allowed()).isTrue();
    assertThat(charge.remaining()).isZero();
    assertThat(charge.resetInSeconds()).isEqualTo(100);
  }

  @Test
  void charge_refillNeverExceedsCapacity() {
    String key = key("k");
    ledger().charge(key, BUDGET, 500);
    clock.advance(Duration.ofHours(1));

    assertThat(ledger().charge(key, BUDGET, 0))
        .isEqualTo(new BudgetCharge(true, 0, 1_000, 0, 0, 1_000));
  }

  @Test
  void charge_costZero_readsTheBalanceWithoutTakingAnything() {
    String key = key("k");
    ledger().charge(key, BUDGET, 250);

    BudgetCharge first = ledger().charge(key, BUDGET, 0);
    BudgetCharge second = ledger().charge(key, BUDGET, 0);

    assertThat(first).isEqualTo(new BudgetCharge(true, 0, 750, 25, 0, 1_000));
    assertThat(second).isEqualTo(first);
  }

  @Test
  void refund_afterCharge_balanceAsBefore() {
    String key = key("k");
    ledger().charge(key, BUDGET, 400);

    BudgetCharge refunded = ledger().refund(key, BUDGET, 400);

    assertThat(refunded).isEqualTo(new BudgetCharge(true, 0, 1_000, 0, 0, 1_000));
    assertThat(ledger().charge(key, BUDGET, 0).remaining()).isEqualTo(1_000);
  }

  @Test
  void refund_refilledFirstAndCappedAtCapacity() {
    String key = key("k");
    ledger().charge(key, BUDGET, 500);
    clock.advance(Duration.ofSeconds(10));

    // 500 + 10 s × 10/s = 600, then + 300 = 900; + 300 more would be 1,200: capped at 1,000
    assertThat(ledger().refund(key, BUDGET, 300).remaining()).isEqualTo(900);
    assertThat(ledger().refund(key, BUDGET, 300).remaining()).isEqualTo(1_000);
  }

  @Test
  void refund_generatedSequence_sameOutcomesAsInMemory() {
    InMemoryBudgetLedger memory = new InMemoryBudgetLedger(clock);
    Random random = new Random(11);
    String key = key("k");
    for (int i = 0; i < 200; i++) {
      clock.advance(Duration.ofMillis(random.nextInt(3_000)));
      long units = random.nextInt(400);
      if (random.nextBoolean()) {
        assertThat(ledger().charge(key, BUDGET, units))
            .isEqualTo(memory.charge("m", BUDGET, units));
      } else {
        assertThat(ledger().refund(key, BUDGET, units))
            .isEqualTo(memory.refund("m", BUDGET, units));
      }
    }
  }

  @Test
  void charge_separateKeys_separateBuckets() {
    ledger().charge(key("a"), BUDGET, 1_000);

    assertThat(ledger().charge(key("b"), BUDGET, 1_000).allowed()).isTrue();
  }

  @Test
  void charge_noRefill_refusalWaitsForever() {
    Budget quota = new Budget(10, 0);
    String key = key("k");
    ledger().charge(key, quota, 10);
    clock.advance(Duration.ofDays(1));

    BudgetCharge refused = ledger().charge(key, quota, 1);

    assertThat(refused)
        .isEqualTo(new BudgetCharge(false, 0, 0, Long.MAX_VALUE / 1000, Long.MAX_VALUE / 1000, 10));
    assertThat(redis().ttl(RedisBudgetLedger.bucketKey(key))).isEqualTo(-1);
  }

  @Test
  void charge_negativeCost_rejected() {
    RedisBudgetLedger ledger = ledger();

    assertThatThrownBy(() -> ledger.charge(key("k"), BUDGET, -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cost must not be negative: -1");
  }

  /* ---- equivalence with InMemoryBudgetLedger ---- */

  @Test
  void charge_generatedSequence_sameOutcomesAsInMemory() {
    InMemoryBudgetLedger memory = new InMemoryBudgetLedger(clock);
    List<Budget> budgets =
        List.of(BUDGET, new Budget(37, 0.3), new Budget(5_000, 123.456), new Budget(3, 0));
    Random random = new Random(20261129L);
    int refused = 0;
    for (int step = 0; step < 2_000; step++) {
      clock.advance(step(random));
      Budget budget = budgets.get(random.nextInt(budgets.size()));
      String key = key("seq-" + budget);
      long cost = cost(random, budget);

      BudgetCharge expected = memory.charge(key, budget, cost);
      BudgetCharge actual = ledger().charge(key, budget, cost);

      assertThat(actual).as("step %d: %s cost %d", step, budget, cost).isEqualTo(expected);
      refused += expected.allowed() ? 0 : 1;
    }
    assertThat(refused).as("the sequence exercises refusals").isBetween(200, 1_800);
  }

  @Test
  void charge_refillInTenthSteps_keepsEveryBitLikeInMemory() {
    // Ten refills of 0.1 sum to 0.9999999999999999: a bucket stored with fewer digits would read 1.
    Budget slow = new Budget(1_000, 0.1);
    InMemoryBudgetLedger memory = new InMemoryBudgetLedger(clock);
    String key = key("k");
    memory.charge(key, slow, 1_000);
    ledger().charge(key, slow, 1_000);
    for (int i = 0; i < 10; i++) {
      clock.advance(Duration.ofSeconds(1));
      assertThat(ledger().charge(key, slow, 0)).isEqualTo(memory.charge(key, slow, 0));
    }

    BudgetCharge charge = ledger().charge(key, slow, 1);

    assertThat(charge).isEqualTo(memory.charge(key, slow, 1));
    assertThat(charge.allowed()).isFalse();
  }

  private static Duration step(Random random) {
    return switch (random.nextInt(6)) {
      case 0 -> Duration.ZERO;
      case 1 -> Duration.ofNanos(random.nextInt(1_000_000) * 1_000L);
      case 2 -> Duration.ofMillis(random.nextInt(5_000));
      case 3 -> Duration.ofSeconds(random.nextInt(600));
      case 4 -> Duration.ofMillis(-random.nextInt(2_000));
      default -> Duration.ofMillis(random.nextInt(200));
    };
  }

  private static long cost(Random random, Budget budget) {
    return random.nextInt(8) == 0 ? 0 : random.nextInt((int) (budget.capacity() * 3 / 4) + 2);
  }

  /* ---- several gateways ---- */

  @Test
  void charge_twoGatewaysConcurrently_neverSpendMoreThanCapacity() throws Exception {
    RedisBudgetLedger other = newLedger(clock);
    String key = key("shared");

    int allowed = chargeConcurrently(List.of(ledger(), other), key, BUDGET, 7, 400);

    assertThat(allowed).isEqualTo(1_000 / 7);
    assertThat(other.charge(key, BUDGET, 0).remaining()).isEqualTo(1_000 % 7);
  }

  @Test
  void charge_twoGatewaysOnRealClocks_neverSpendMoreThanCapacityPlusRefill() throws Exception {
    Budget budget = new Budget(100, 50);
    List<RedisBudgetLedger> gateways =
        List.of(newLedger(InstantSource.system()), newLedger(InstantSource.system()));
    String key = key("shared");
    Instant start = Instant.now();

    int allowed = chargeConcurrently(gateways, key, budget, 3, 600);

    double elapsedSeconds = Duration.between(start, Instant.now()).toNanos() / 1e9;
    assertThat(allowed * 3L).isLessThanOrEqualTo(100 + (long) Math.ceil(elapsedSeconds * 50));
    assertThat(allowed).isGreaterThanOrEqualTo(100 / 3);
  }

  private static int chargeConcurrently(
      List<RedisBudgetLedger> gateways, String key, Budget budget, long cost, int charges)
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Callable<Boolean>> tasks = new ArrayList<>();
      for (int i = 0; i < charges; i++) {
        RedisBudgetLedger gateway = gateways.get(i % gateways.size());
        tasks.add(() -> gateway.charge(key, budget, cost).allowed());
      }
      int allowed = 0;
      for (Future<Boolean> result : pool.invokeAll(tasks)) {
        allowed += result.get() ? 1 : 0;
      }
      return allowed;
    } finally {
      pool.shutdown();
    }
  }

  /* ---- storage ---- */

  @Test
  void charge_storesTheHashedKeyOnly() {
    String raw = "tgk_live_" + run;
    usedKeys.add(raw);

    ledger().charge(raw, BUDGET, 10);

    Set<String> keys = redis().keys(RedisBudgetLedger.KEY_PREFIX + "*");
    assertThat(keys).noneMatch(stored -> stored.contains(raw));
    assertThat(keys).contains(RedisBudgetLedger.KEY_PREFIX + sha256(raw));
    assertThat(redis().hgetAll(RedisBudgetLedger.bucketKey(raw)))
        .containsOnlyKeys("units", "updatedMicros");
  }

  @Test
  void charge_partlySpent_expiresOnceItWouldBeFull() {
    String key = key("k");

    ledger().charge(key, BUDGET, 500);

    // 500 units at 10 per second refill in 50 s, kept a minute longer.
    assertThat(redis().ttl(RedisBudgetLedger.bucketKey(key))).isBetween(100L, 110L);
  }

  @Test
  void balance_partlySpent_leavesTheStoredValueAndExpiryUntouched() {
    String key = key("k");
    String bucket = RedisBudgetLedger.bucketKey(key);
    ledger().charge(key, BUDGET, 500);
    Map<String, String> stored = redis().hgetAll(bucket);
    long ttl = redis().pttl(bucket);
    clock.advance(Duration.ofSeconds(10));

    BudgetCharge balance = ledger().balance(key, BUDGET);

    assertThat(balance).isEqualTo(new BudgetCharge(true, 0, 600, 40, 0, 1_000));
    assertThat(redis().hgetAll(bucket)).isEqualTo(stored);
    // A write would have set the expiry of 400 missing units, 100 s; it still counts down from 110
    // s.
    assertThat(redis().pttl(bucket)).isBetween(ttl - 5_000, ttl);
  }

  @Test
  void balance_keyNotChargedHere_unknownAndCreatesNoKey() {
    String key = key("k");
    redis().hset(RedisBudgetLedger.bucketKey(key), Map.of("units", "5", "updatedMicros", "0"));

    BudgetCharge balance = ledger().balance(key, BUDGET);

    // Not read from Redis, though the bucket is there: this gateway has not charged the key.
    assertThat(balance).isNull();
    assertThat(redis().hget(RedisBudgetLedger.bucketKey(key), "units")).isEqualTo("5");
  }

  @Test
  void balance_generatedSequence_sameAsInMemory() {
    InMemoryBudgetLedger memory = new InMemoryBudgetLedger(clock);
    List<Budget> budgets =
        List.of(BUDGET, new Budget(37, 0.3), new Budget(5_000, 123.456), new Budget(3, 0));
    Random random = new Random(20261201L);
    for (int step = 0; step < 500; step++) {
      clock.advance(step(random));
      Budget budget = budgets.get(random.nextInt(budgets.size()));
      String key = key("seq-" + budget);
      long cost = cost(random, budget);
      memory.charge(key, budget, cost);
      ledger().charge(key, budget, cost);
      clock.advance(step(random));

      assertThat(ledger().balance(key, budget))
          .as("step %d: %s", step, budget)
          .isEqualTo(memory.balance(key, budget));
    }
  }

  @Test
  void charge_scriptCacheFlushed_fallsBackToEval() {
    String key = key("k");
    ledger().charge(key, BUDGET, 100);
    redis().scriptFlush();

    BudgetCharge charge = ledger().charge(key, BUDGET, 100);

    assertThat(charge.remaining()).isEqualTo(800);
    assertThat(redis().scriptExists(List.of(sha1(RedisBudgetLedger.SCRIPT)))).containsExactly(true);
  }

  /* ---- unreachable store (needs no Redis) ---- */

  @Test
  void charge_nothingListening_failsAsBudgetStoreUnavailable() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    RedisBudgetLedger unreachable =
        closing(new RedisBudgetLedger("redis://127.0.0.1:" + port, clock, Duration.ofMillis(300)));

    assertThatThrownBy(() -> unreachable.charge("k", BUDGET, 1))
        .isInstanceOfSatisfying(
            BudgetStoreUnavailableException.class,
            e -> {
              assertThat(e.code()).isEqualTo("BUDGET_STORE_UNAVAILABLE");
              assertThat(e.kind()).isEqualTo(ErrorKind.UNAVAILABLE);
            })
        .hasMessageStartingWith("budget store unavailable: Redis at 127.0.0.1:" + port);
  }

  @Test
  void balance_nothingListening_answersWithoutRedis() throws Exception {
    // Silent: a call would wait for the whole timeout; the balance never makes one.
    try (ServerSocket silent = new ServerSocket(0)) {
      RedisBudgetLedger stuck =
          closing(
              new RedisBudgetLedger(
                  "redis://127.0.0.1:" + silent.getLocalPort(), clock, Duration.ofSeconds(5)));
      long started = System.nanoTime();

      assertThat(stuck.balance("k", BUDGET)).isNull();

      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
    }
  }

  @Test
  void charge_serverNeverAnswers_failsWithinTheTimeout() throws Exception {
    // The kernel completes the connection into the backlog; nobody ever reads or answers.
    try (ServerSocket silent = new ServerSocket(0)) {
      RedisBudgetLedger stuck =
          closing(
              new RedisBudgetLedger(
                  "redis://127.0.0.1:" + silent.getLocalPort(), clock, Duration.ofMillis(300)));
      long started = System.nanoTime();

      assertThatThrownBy(() -> stuck.charge("k", BUDGET, 1))
          .isInstanceOf(BudgetStoreUnavailableException.class);

      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    }
  }

  @Test
  void new_notARedisUrl_rejected() {
    assertThatThrownBy(() -> new RedisBudgetLedger("http://secret@127.0.0.1:6379", clock))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining("secret");
  }

  /* ---- helpers ---- */

  private RedisBudgetLedger ledger() {
    assumeTrue(
        ledger != null,
        "set TOLLGATE_TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run the Redis ledger tests");
    return ledger;
  }

  private RedisClient redis() {
    assumeTrue(
        admin != null,
        "set TOLLGATE_TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run the Redis ledger tests");
    return admin;
  }

  private RedisBudgetLedger newLedger(InstantSource source) {
    redis();
    return closing(new RedisBudgetLedger(REDIS_URL, source));
  }

  private String key(String name) {
    String key = "test:" + run + ":" + name;
    usedKeys.add(key);
    return key;
  }

  private <T extends AutoCloseable> T closing(T closeable) {
    closeables.add(closeable);
    return closeable;
  }

  private static String sha256(String text) {
    return digest("SHA-256", text);
  }

  private static String sha1(String text) {
    return digest("SHA-1", text);
  }

  private static String digest(String algorithm, String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance(algorithm).digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
