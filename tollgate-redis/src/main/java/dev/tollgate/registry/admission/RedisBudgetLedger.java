package dev.tollgate.registry.admission;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.document.Sha256;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Token buckets in Redis, shared by every gateway that points at the same server: the semantics of
 * {@link InMemoryBudgetLedger} (starts full, continuous refill, capped at capacity), with each
 * charge done by one Lua script so that concurrent charges from any number of gateways never spend
 * the same units.
 *
 * <p>A bucket is the hash {@code {units, updatedMicros}} under {@code tollgate:budget:} followed by
 * the SHA-256 of the key, so raw keys never sit in Redis. It expires once it would have refilled
 * (plus a minute), so idle buckets cost nothing; a bucket that never refills (rate 0) is kept.
 *
 * <p>A bucket is that one key, and each script reads and writes only the key it is given ({@code
 * KEYS[1]}): on a Redis Cluster a charge is one call to the node holding the bucket's slot, and
 * buckets spread over the slots by their hash.
 *
 * <p>"Now" comes from the injected clock, truncated to microseconds, and is passed to the script:
 * gateways sharing a Redis need synchronised clocks (NTP). A gateway whose clock runs behind does
 * not refill a bucket that a faster one has touched; one that runs ahead grants at most its skew
 * times the refill rate early.
 *
 * <p>Every call is bounded by the timeout (connect, read, and wait for a pooled connection; one
 * second by default, so a stopped or frozen Redis is noticed within a second). A failure is a
 * {@link BudgetStoreUnavailableException}; this ledger never falls back to allowing, {@link
 * FallbackBudgetLedger} applies each policy's {@code budget.onStoreFailure}.
 *
 * <p>Only a charge calls Redis. {@link #balance} answers from what this gateway last saw of the
 * bucket (the units after its last charge here, refilled since), kept for the {@value
 * #LAST_SEEN_BUCKETS} most recently charged keys; it does not see charges by other gateways since.
 */
public final class RedisBudgetLedger implements BudgetLedger, AutoCloseable {

  static final String KEY_PREFIX = "tollgate:budget:";
  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(1);
  static final int LAST_SEEN_BUCKETS = 10_000;

  // The Lua the two scripts share. Doubles are stored with %.17g so they round-trip exactly, and
  // the arithmetic is InMemoryBudgetLedger's, step by step.
  private static final String READ =
      """
      local capacity = tonumber(ARGV[1])
      local rate = tonumber(ARGV[2])
      local amount = tonumber(ARGV[3])
      local now = tonumber(ARGV[4])
      local state = redis.call('HMGET', KEYS[1], 'units', 'updatedMicros')
      """;
  private static final String REFILL =
      """
      if now > updated then
        units = math.min(capacity, units + (now - updated) / 1e6 * rate)
        updated = now
      end
      """;
  // Kept until it would have refilled (plus a minute); a bucket that never refills is kept.
  private static final String STORE =
      """
      local unitsText = string.format('%.17g', units)
      local updatedText = string.format('%.17g', updated)
      redis.call('HSET', KEYS[1], 'units', unitsText, 'updatedMicros', updatedText)
      local ttl = 60
      if units < capacity then
        ttl = -1
        if rate > 0 then
          ttl = math.ceil((capacity - units) / rate) + 60
        end
      end
      if ttl > 0 and ttl < 1e9 then
        redis.call('EXPIRE', KEYS[1], ttl)
      else
        redis.call('PERSIST', KEYS[1])
      end
      """;

  // KEYS[1] bucket; ARGV capacity, refillPerSecond, cost, nowMicros; returns allowed, units and
  // updatedMicros. A bucket that does not exist starts full.
  static final String SCRIPT =
      READ
          + """
          local units = capacity
          local updated = now
          if state[1] then
            units = tonumber(state[1])
            updated = tonumber(state[2])
          end
          """
          + REFILL
          + """
          local allowed = 0
          if amount <= units then
            units = units - amount
            allowed = 1
          end
          """
          + STORE
          + "return {allowed, unitsText, updatedText}\n";

  // KEYS[1] bucket; ARGV capacity, refillPerSecond, units, nowMicros; returns units and
  // updatedMicros. SCRIPT's refill, then the units given back up to the capacity; a bucket that
  // does not exist is full and stays absent.
  static final String REFUND_SCRIPT =
      READ
          + """
          if not state[1] then
            return {string.format('%.17g', capacity), string.format('%.17g', now)}
          end
          local units = tonumber(state[1])
          local updated = tonumber(state[2])
          """
          + REFILL
          + "units = math.min(capacity, units + amount)\n"
          + STORE
          + "return {unitsText, updatedText}\n";

  private static final RedisScripts.Script CHARGE = RedisScripts.Script.of(SCRIPT);
  private static final RedisScripts.Script REFUND = RedisScripts.Script.of(REFUND_SCRIPT);

  private final RedisScripts redis;
  private final InstantSource clock;
  private final Cache<String, Seen> lastSeen =
      Caffeine.newBuilder().maximumSize(LAST_SEEN_BUCKETS).build();

  /**
   * Connects lazily to {@code redisUrl} ({@code redis://[user:password@]host:port[/db]}, or {@code
   * rediss://}) with a one-second timeout on every call.
   *
   * @throws IllegalArgumentException if {@code redisUrl} is not a Redis URL
   */
  public RedisBudgetLedger(String redisUrl, InstantSource clock) {
    this(redisUrl, false, clock);
  }

  /**
   * Connects lazily to a Redis server, or with {@code cluster} to the Redis Cluster of which {@code
   * redisUrl} names one or more nodes, comma-separated, with a one-second timeout on every call.
   *
   * @throws IllegalArgumentException if an entry of {@code redisUrl} is not a Redis URL, or if it
   *     names several nodes without {@code cluster}
   */
  public RedisBudgetLedger(String redisUrl, boolean cluster, InstantSource clock) {
    this(RedisNodes.parse(redisUrl, cluster), clock, DEFAULT_TIMEOUT);
  }

  RedisBudgetLedger(String redisUrl, InstantSource clock, Duration timeout) {
    this(RedisNodes.parse(redisUrl, false), clock, timeout);
  }

  RedisBudgetLedger(RedisNodes nodes, InstantSource clock, Duration timeout) {
    this.redis = new RedisScripts(nodes, timeout);
    this.clock = clock;
  }

  /**
   * @throws BudgetStoreUnavailableException if Redis cannot be reached in time or refuses the
   *     charge
   */
  @Override
  public BudgetCharge charge(String key, Budget budget, long cost) {
    if (cost < 0) {
      throw new IllegalArgumentException("cost must not be negative: " + cost);
    }
    List<?> reply = run(CHARGE, key, budget, cost);
    boolean allowed = ((Long) reply.get(0)) == 1L;
    double units = Double.parseDouble((String) reply.get(1));
    lastSeen.put(key, new Seen(units, Double.parseDouble((String) reply.get(2))));
    return BudgetCharge.afterCharge(allowed, cost, units, budget);
  }

  /**
   * One script: refilled, then {@code units} given back up to the capacity.
   *
   * @throws BudgetStoreUnavailableException if Redis cannot be reached in time or refuses the
   *     refund
   */
  @Override
  public BudgetCharge refund(String key, Budget budget, long units) {
    if (units < 0) {
      throw new IllegalArgumentException("units must not be negative: " + units);
    }
    List<?> reply = run(REFUND, key, budget, units);
    double balance = Double.parseDouble((String) reply.get(0));
    lastSeen.put(key, new Seen(balance, Double.parseDouble((String) reply.get(1))));
    return BudgetCharge.afterCharge(true, 0, balance, budget);
  }

  /**
   * What this gateway last saw of the bucket, refilled in Java with the script's arithmetic; no
   * call to Redis, so a refusal never waits for it or fails on it.
   *
   * @return {@code null} when this gateway has not charged {@code key} (or has forgotten it)
   */
  @Override
  public @Nullable BudgetCharge balance(String key, Budget budget) {
    Seen seen = lastSeen.getIfPresent(key);
    if (seen == null) {
      return null;
    }
    double elapsedSeconds = (micros(clock.instant()) - seen.updatedMicros()) / 1e6;
    return BudgetCharge.afterCharge(
        true, 0, BudgetCharge.refilled(seen.units(), elapsedSeconds, budget), budget);
  }

  @Override
  public void close() {
    redis.close();
  }

  /**
   * Runs {@code script} on {@code key}'s bucket with {@code amount}: a cost, or units given back.
   */
  private List<?> run(RedisScripts.Script script, String key, Budget budget, long amount) {
    List<String> args =
        List.of(
            Long.toString(budget.capacity()),
            Double.toString(budget.refillPerSecond()),
            Long.toString(amount),
            Long.toString(micros(clock.instant())));
    return (List<?>) redis.run(script, List.of(bucketKey(key)), args);
  }

  static String bucketKey(String key) {
    return KEY_PREFIX + Sha256.hex(key);
  }

  /** The units of a bucket after a charge at {@code updatedMicros}. */
  private record Seen(double units, double updatedMicros) {}

  private static long micros(Instant now) {
    return Math.addExact(
        Math.multiplyExact(now.getEpochSecond(), 1_000_000L), now.getNano() / 1_000);
  }
}
