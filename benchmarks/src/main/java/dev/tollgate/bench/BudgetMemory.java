package dev.tollgate.bench;

import dev.tollgate.registry.admission.RedisBudgetLedger;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Redis memory per budget bucket: {@code used_memory} (INFO memory) before and after N buckets are
 * charged through {@link RedisBudgetLedger}, one per JWT subject ({@code NUL policy NUL subject},
 * as the gateway keys them), {@code MEMORY USAGE} of one bucket, and the expiry every bucket
 * carries. The buckets are deleted at the end. Run it against a Redis of its own (the figures
 * include whatever else is written meanwhile):
 *
 * <p>{@code redis-server --port 6390 --save '' --appendonly no & java -cp
 * benchmarks/target/benchmarks.jar dev.tollgate.bench.BudgetMemory redis://127.0.0.1:6390 100000}
 */
public final class BudgetMemory {

  private static final String PREFIX = "tollgate:budget:";

  private BudgetMemory() {}

  public static void main(String[] args) throws Exception {
    String url = args.length > 0 ? args[0] : "redis://127.0.0.1:6379";
    int n = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
    // 1,000 units refilled at 10 a second; each subject spends 1: refilled in 0.1 s, then kept a
    // minute (the ledger's margin), so every bucket expires 61 s after its charge.
    Budget budget = new Budget(1_000, 10);
    try (RedisClient admin = RedisClient.create(url);
        RedisBudgetLedger ledger = new RedisBudgetLedger(url, InstantSource.system())) {
      long before = usedMemory(admin);
      long started = System.nanoTime();
      charge(ledger, budget, n);
      double seconds = (System.nanoTime() - started) / 1e9;
      long after = usedMemory(admin);
      String one = firstBucket(admin);
      Long usage = admin.memoryUsage(one, 0);
      long withoutExpiry = withoutExpiry(admin);
      System.out.printf(
          "buckets                %,d (charged in %.1f s, %,.0f a second)%n",
          n, seconds, n / seconds);
      System.out.printf("used_memory before     %,d bytes%n", before);
      System.out.printf("used_memory after      %,d bytes%n", after);
      System.out.printf("per bucket (INFO)      %,.0f bytes%n", (after - before) / (double) n);
      System.out.printf("MEMORY USAGE of one    %,d bytes%n", usage);
      // bytes per bucket × 1,000,000 buckets / 1,000,000 bytes per MB: the same number, in MB
      System.out.printf("1,000,000 buckets      %,.0f MB%n", (after - before) / (double) n);
      System.out.printf(
          "expiry of one          %d s (TTL just after its charge)%n", admin.ttl(one));
      System.out.printf("buckets without expiry %,d%n", withoutExpiry);
      delete(admin);
    }
  }

  private static void charge(RedisBudgetLedger ledger, Budget budget, int n) throws Exception {
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int first = t;
        done.add(
            pool.submit(
                () -> {
                  for (int i = first; i < n; i += threads) {
                    String subject = String.format("user-%08d@example.com", i);
                    ledger.charge("\u0000mobile\u0000" + subject, budget, 1);
                  }
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
  }

  private static long usedMemory(RedisClient admin) {
    for (String line : admin.info("memory").split("\r?\n")) {
      if (line.startsWith("used_memory:")) {
        return Long.parseLong(line.substring("used_memory:".length()).strip());
      }
    }
    throw new IllegalStateException("no used_memory in INFO memory");
  }

  private static String firstBucket(RedisClient admin) {
    ScanResult<String> page = admin.scan("0", new ScanParams().match(PREFIX + "*").count(1_000));
    return page.getResult().get(0);
  }

  private static long withoutExpiry(RedisClient admin) {
    long count = 0;
    String cursor = "0";
    do {
      ScanResult<String> page =
          admin.scan(cursor, new ScanParams().match(PREFIX + "*").count(10_000));
      for (String key : page.getResult()) {
        count += admin.ttl(key) < 0 ? 1 : 0;
      }
      cursor = page.getCursor();
    } while (!cursor.equals("0"));
    return count;
  }

  private static void delete(RedisClient admin) {
    String cursor = "0";
    do {
      ScanResult<String> page =
          admin.scan(cursor, new ScanParams().match(PREFIX + "*").count(10_000));
      if (!page.getResult().isEmpty()) {
        admin.del(page.getResult().toArray(String[]::new));
      }
      cursor = page.getCursor();
    } while (!cursor.equals("0"));
  }
}
