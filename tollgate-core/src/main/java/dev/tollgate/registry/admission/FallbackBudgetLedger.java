package dev.tollgate.registry.admission;

import dev.tollgate.registry.policy.KeyPolicy.Budget;
import java.time.Duration;
import java.time.InstantSource;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A shared budget store (Redis) with each policy's {@code budget.onStoreFailure} for when it cannot
 * be reached: {@code local} charges an in-process bucket holding the policy's capacity and refill
 * divided by {@code gateway.expectedInstances} (capacity rounded down, at least 1); {@code deny}
 * refuses with {@link BudgetStoreUnavailableException} (503, {@code Retry-After}).
 *
 * <p>The first failure starts an outage: logged once at WARN. During it the store is probed by at
 * most one charge per {@link #PROBE_INTERVAL} (which, on a frozen store, waits out the shared
 * ledger's timeout before the policy answers it); the others are answered by the policy without
 * waiting for it. The first charge the store takes again ends the outage (logged once at INFO) and
 * forgets the local buckets, so the next outage starts them full. Every charge the store did not
 * take is counted ({@code tollgate_budget_store_failures_total}).
 *
 * <p>Refusals never call the store ({@link BudgetLedger#balance}): during an outage a {@code local}
 * policy reports its local bucket, otherwise the shared ledger's last-seen balance.
 */
public final class FallbackBudgetLedger implements BudgetLedger, AutoCloseable {

  static final Duration PROBE_INTERVAL = Duration.ofSeconds(1);
  private static final Logger LOG = LoggerFactory.getLogger(FallbackBudgetLedger.class);

  private final BudgetLedger shared;
  private final int expectedInstances;
  private final InstantSource clock;
  private final Runnable failures;
  private final LongSupplier nanos;
  private final AtomicLong nextProbe = new AtomicLong();
  private volatile boolean down;
  private volatile long downSince;
  private volatile InMemoryBudgetLedger local;

  /**
   * @param shared the shared store, closed with this ledger when it is {@link AutoCloseable}
   * @param expectedInstances how many gateways share it ({@code gateway.expectedInstances})
   * @param failures counts one charge the store did not take
   */
  public FallbackBudgetLedger(
      BudgetLedger shared, int expectedInstances, InstantSource clock, Runnable failures) {
    this(shared, expectedInstances, clock, failures, System::nanoTime);
  }

  FallbackBudgetLedger(
      BudgetLedger shared,
      int expectedInstances,
      InstantSource clock,
      Runnable failures,
      LongSupplier nanos) {
    if (expectedInstances < 1) {
      throw new IllegalArgumentException(
          "expectedInstances must be positive: " + expectedInstances);
    }
    this.shared = shared;
    this.expectedInstances = expectedInstances;
    this.clock = clock;
    this.failures = failures;
    this.nanos = nanos;
    this.local = new InMemoryBudgetLedger(clock);
  }

  @Override
  public BudgetCharge charge(String key, Budget budget, long cost) {
    if (!down || probeDue()) {
      try {
        BudgetCharge charge = shared.charge(key, budget, cost);
        answered();
        return charge;
      } catch (BudgetStoreUnavailableException e) {
        failed(e);
      }
    }
    failures.run();
    return switch (budget.onStoreFailure()) {
      case LOCAL -> local.charge(key, share(budget), cost);
      case DENY -> throw BudgetStoreUnavailableException.denied(retryAfterSeconds());
    };
  }

  /**
   * To the shared store, or while it cannot be reached to the local bucket of a {@code local}
   * policy; a {@code deny} policy then throws {@link BudgetStoreUnavailableException} (the refund
   * is lost).
   */
  @Override
  public BudgetCharge refund(String key, Budget budget, long units) {
    if (!down) {
      try {
        return shared.refund(key, budget, units);
      } catch (BudgetStoreUnavailableException e) {
        failed(e);
      }
    }
    return switch (budget.onStoreFailure()) {
      case LOCAL -> local.refund(key, share(budget), units);
      case DENY -> throw BudgetStoreUnavailableException.denied(retryAfterSeconds());
    };
  }

  @Override
  public @Nullable BudgetCharge balance(String key, Budget budget) {
    return switch (budget.onStoreFailure()) {
      case LOCAL -> down ? local.balance(key, share(budget)) : shared.balance(key, budget);
      case DENY -> shared.balance(key, budget);
    };
  }

  /** This gateway's share of {@code budget}. */
  Budget share(Budget budget) {
    return new Budget(
        Math.max(1, budget.capacity() / expectedInstances),
        budget.refillPerSecond() / expectedInstances,
        budget.onStoreFailure(),
        budget.refund());
  }

  @Override
  public void close() throws Exception {
    if (shared instanceof AutoCloseable closeable) {
      closeable.close();
    }
  }

  /** True for one caller per probe interval. */
  private boolean probeDue() {
    long next = nextProbe.get();
    long now = nanos.getAsLong();
    return now - next >= 0 && nextProbe.compareAndSet(next, now + PROBE_INTERVAL.toNanos());
  }

  private synchronized void failed(BudgetStoreUnavailableException e) {
    nextProbe.set(nanos.getAsLong() + PROBE_INTERVAL.toNanos());
    if (down) {
      return;
    }
    down = true;
    downSince = nanos.getAsLong();
    LOG.warn(
        "{}; until it answers, each key's budget.onStoreFailure decides (local: 1/{} of its"
            + " budget in this gateway; deny: 503), and the store is tried again every {} ms",
        e.getMessage(),
        expectedInstances,
        PROBE_INTERVAL.toMillis());
  }

  private void answered() {
    if (!down) {
      return;
    }
    synchronized (this) {
      if (!down) {
        return;
      }
      down = false;
      local = new InMemoryBudgetLedger(clock);
      LOG.info(
          "budget store answers again after {} ms: charging it again",
          TimeUnit.NANOSECONDS.toMillis(nanos.getAsLong() - downSince));
    }
  }

  private long retryAfterSeconds() {
    long wait = nextProbe.get() - nanos.getAsLong();
    return Math.max(1, (wait + 999_999_999L) / 1_000_000_000L);
  }
}
