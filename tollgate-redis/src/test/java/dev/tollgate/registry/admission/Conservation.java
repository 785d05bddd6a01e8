package dev.tollgate.registry.admission;

import dev.tollgate.registry.policy.KeyPolicy.Budget;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Several gateways (one ledger each) charge one bucket from several threads while a shared fake
 * clock moves on by {@link #STEP} every {@link #CHARGES_PER_STEP} charges, made by whichever thread
 * makes the charge; each charge records the clock read before and after it.
 */
final class Conservation {

  static final Duration STEP = Duration.ofMillis(1);
  static final int CHARGES_PER_STEP = 10;

  /** One admitted charge: its cost, and the clock before and after it, in microseconds. */
  record Admitted(long cost, long beforeMicros, long afterMicros) {}

  /** What the run admitted, and how far the clock moved. */
  record Run(
      List<Admitted> admitted,
      int refused,
      long startMicros,
      long endMicros,
      long longestChargeMicros) {

    long admittedUnits() {
      return admitted.stream().mapToLong(Admitted::cost).sum();
    }

    /**
     * The first window [a, b] (a and b the clock after admitted charges) over which the units of
     * the charges answered in it exceed capacity + refill × (b − a + the longest charge, admitted
     * or refused) plus the costs of the charges in flight at a (begun before a, answered at a or
     * later); null if none.
     */
    String windowBreakingTheBound(Budget budget) {
      List<Admitted> byAnswer =
          admitted.stream().sorted(Comparator.comparingLong(Admitted::afterMicros)).toList();
      long latency = longestChargeMicros;
      for (int i = 0; i < byAnswer.size(); i++) {
        long a = byAnswer.get(i).afterMicros();
        long inFlight = 0;
        for (Admitted charge : byAnswer.subList(i, byAnswer.size())) {
          inFlight += charge.beforeMicros() < a ? charge.cost() : 0;
        }
        long units = 0;
        for (int j = i; j < byAnswer.size(); j++) {
          long b = byAnswer.get(j).afterMicros();
          units += byAnswer.get(j).cost();
          double bound =
              budget.capacity() + budget.refillPerSecond() * (b - a + latency) / 1e6 + inFlight;
          if (units > bound) {
            return "[" + a + ", " + b + "] µs: " + units + " units > " + bound;
          }
        }
      }
      return null;
    }
  }

  private Conservation() {}

  static Run run(
      List<RedisBudgetLedger> gateways,
      int threadsPerGateway,
      int chargesPerThread,
      FakeClock clock,
      String key,
      Budget budget,
      int maxCost)
      throws Exception {
    AtomicInteger charges = new AtomicInteger();
    AtomicLong longest = new AtomicLong();
    long start = micros(clock.instant());
    ExecutorService pool = Executors.newFixedThreadPool(gateways.size() * threadsPerGateway);
    try {
      List<Callable<List<Admitted>>> tasks = new ArrayList<>();
      int seed = 0;
      for (RedisBudgetLedger gateway : gateways) {
        for (int t = 0; t < threadsPerGateway; t++) {
          Random random = new Random(seed++);
          tasks.add(
              () -> {
                List<Admitted> admitted = new ArrayList<>();
                for (int i = 0; i < chargesPerThread; i++) {
                  long cost = 1 + random.nextInt(maxCost);
                  long before = micros(clock.instant());
                  boolean allowed = gateway.charge(key, budget, cost).allowed();
                  long after = micros(clock.instant());
                  longest.accumulateAndGet(after - before, Math::max);
                  if (allowed) {
                    admitted.add(new Admitted(cost, before, after));
                  }
                  if (charges.incrementAndGet() % CHARGES_PER_STEP == 0) {
                    synchronized (clock) {
                      clock.advance(STEP);
                    }
                  }
                }
                return admitted;
              });
        }
      }
      List<Admitted> admitted = new ArrayList<>();
      for (Future<List<Admitted>> result : pool.invokeAll(tasks)) {
        admitted.addAll(result.get());
      }
      int total = gateways.size() * threadsPerGateway * chargesPerThread;
      return new Run(
          admitted, total - admitted.size(), start, micros(clock.instant()), longest.get());
    } finally {
      pool.shutdown();
    }
  }

  private static long micros(Instant now) {
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }
}
