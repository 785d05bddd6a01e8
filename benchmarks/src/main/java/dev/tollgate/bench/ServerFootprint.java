package dev.tollgate.bench;

import com.sun.management.OperatingSystemMXBean;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.SchemaSource;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.SchemaFingerprint;
import dev.tollgate.registry.publish.Publisher;
import dev.tollgate.registry.publish.VersionRef;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.StoreSettings;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * README benchmark target: the heap of a real registry-server over an H2 store of N registered
 * operations (issue 29: 1,000,000 in a heap of at most 1 GB). Fills the store in {@code dir} with N
 * operations, published as releases of 10,000 (app {@code bench}, one version each, the texts of
 * {@link PublishBenchmark#manifest}), unless it already holds them (the count is kept in {@code
 * dir/footprint-operations}, so a second run only starts); then starts the server over it (the demo
 * config, the bundled schema, the in-process demo upstream, a trusted key for app {@code bench})
 * and prints the time to ready, the heap used after GC, the classes holding most of it, and the
 * same after it admitted and answered {@code requests} registered operations by id over HTTP.
 *
 * <pre>
 * java -Xmx1g -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.ServerFootprint \
 *     1000000 /tmp/footprint-1m [requests (20000)] [--fill-only] [--h2=OPTION=VALUE]
 * </pre>
 */
public final class ServerFootprint {

  private static final int RELEASE = 10_000;
  private static final String APP = "bench";
  private static final String KEY = "bench-key";
  private static final double MB = 1024 * 1024;

  private ServerFootprint() {}

  public static void main(String[] args) throws Exception {
    int n = Integer.parseInt(args[0]);
    Path dir = Path.of(args[1]);
    int requests =
        args.length > 2 && !args[2].startsWith("--") ? Integer.parseInt(args[2]) : 20_000;
    ServerConfig stored = config(dir);
    fill(stored, dir, n);
    // --h2=OPTION=VALUE (repeatable): appended to the H2 URL of the server, not of the fill
    ServerConfig config = stored;
    for (String arg : args) {
      if (arg.startsWith("--h2=")) {
        StoreSettings store = config.store();
        StoreSettings option =
            new StoreSettings(
                store.jdbcUrl() + ";" + arg.substring("--h2=".length()),
                store.user(),
                store.password(),
                store.poolSize(),
                store.checkpointMegabytes());
        config = config.transform(builder -> builder.store(option));
      }
    }
    if (List.of(args).contains("--fill-only")) {
      return;
    }
    long before = usedAfterGc();
    long cpu = processCpuNanos();
    long started = System.nanoTime();
    try (RegistryServer server = RegistryServer.builder(config).start()) {
      long readyMillis = (System.nanoTime() - started) / 1_000_000;
      long readyCpuMillis = (processCpuNanos() - cpu) / 1_000_000;
      long ready = usedAfterGc();
      System.out.printf(
          Locale.ROOT,
          "operations            %,d active documents in the catalog (app %s and the demo's)%n",
          server.catalog().activeCount(),
          APP);
      System.out.printf(
          Locale.ROOT,
          "ready in              %,d ms wall, %,d ms process CPU (load average %.2f)%n",
          readyMillis,
          readyCpuMillis,
          ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
      System.out.printf(
          Locale.ROOT,
          "heap used, before     %8.1f MB  (the JVM and the benchmark's classes)%n",
          before / MB);
      System.out.printf(
          Locale.ROOT,
          "heap used, ready      %8.1f MB  (+%.1f MB, %.0f bytes per operation), max %.0f MB%n",
          ready / MB,
          (ready - before) / MB,
          (double) (ready - before) / n,
          Runtime.getRuntime().maxMemory() / MB);
      printTop(histogram(), n, "at ready");
      Map<String, long[]> atReady = histogram();
      int answered = serve(server.port(), Math.min(requests, n));
      long served = usedAfterGc();
      System.out.printf(
          Locale.ROOT,
          "served                %,d of %,d distinct operations by id answered 200%n",
          answered,
          Math.min(requests, n));
      System.out.printf(
          Locale.ROOT,
          "heap used, served     %8.1f MB  (+%.1f MB: %.0f bytes per operation served)%n",
          served / MB,
          (served - ready) / MB,
          (double) (served - ready) / Math.max(1, Math.min(requests, n)));
      printGrowth(atReady, histogram(), Math.max(1, Math.min(requests, n)));
    }
  }

  /** The demo config on a random port over {@code dir}, with a trusted key for app bench. */
  private static ServerConfig config(Path dir) {
    ServerConfig demo = DemoConfig.create(0, dir);
    Map<String, KeyPolicy> keys = new HashMap<>(demo.keys());
    keys.put(
        KEY,
        KeyPolicy.newPolicy("bench").apps(Set.of(APP)).budget(new Budget(1L << 50, 1e12)).build());
    return demo.transform(builder -> builder.keys(keys));
  }

  /** Publishes the releases of 10,000 that {@code dir} does not hold yet. */
  private static void fill(ServerConfig config, Path dir, int n) throws Exception {
    Path count = dir.resolve("footprint-operations");
    int held = Files.exists(count) ? Integer.parseInt(Files.readString(count).trim()) : 0;
    if (held >= n) {
      return;
    }
    SchemaSource schema = SchemaSource.load(null);
    OperationPricer pricer = new OperationPricer(schema.schema(), config.schema().costModel());
    String fingerprint = SchemaFingerprint.of(schema.text(), config.schema().costModel());
    long started = System.nanoTime();
    try (RegistryStore store = RegistryStore.open(config.store(), InstantSource.system())) {
      Publisher publisher = new Publisher(store, pricer, fingerprint);
      for (int from = held; from < n; from += RELEASE) {
        int size = Math.min(RELEASE, n - from);
        publisher.publish(
            new VersionRef(APP, String.valueOf(from / RELEASE + 1)),
            PublishBenchmark.manifest(from, size),
            "bench",
            false);
        Files.writeString(count, String.valueOf(from + size));
        if ((from / RELEASE) % 10 == 9) {
          System.out.printf(
              Locale.ROOT,
              "published %,d operations (%d s)%n",
              from + size,
              (System.nanoTime() - started) / 1_000_000_000);
        }
      }
    }
    System.out.printf(
        Locale.ROOT,
        "published %,d operations in %d s%n",
        n - held,
        (System.nanoTime() - started) / 1_000_000_000);
  }

  /** POSTs operations 0 to {@code requests - 1} by id; the number answered 200. */
  private static int serve(int port, int requests) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    URI uri = URI.create("http://127.0.0.1:" + port + "/graphql");
    int answered = 0;
    for (int i = 0; i < requests; i++) {
      String id = DocumentHash.of(PublishBenchmark.body(i)).hex();
      HttpResponse<String> response =
          client.send(
              HttpRequest.newBuilder(uri)
                  .header("X-API-Key", KEY)
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString("{\"documentId\":\"" + id + "\"}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() == 200) {
        answered++;
      } else if (i - answered < 3) {
        System.out.println("not admitted: " + response.statusCode() + " " + response.body());
      }
    }
    return answered;
  }

  private static long usedAfterGc() throws InterruptedException {
    for (int i = 0; i < 5; i++) {
      System.gc();
      Thread.sleep(100);
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static long processCpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static Map<String, long[]> histogram() throws Exception {
    return MemoryFootprint.histogram();
  }

  private static void printTop(Map<String, long[]> classes, int n, String when) {
    List<Map.Entry<String, long[]>> top = new ArrayList<>(classes.entrySet());
    top.sort((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1]));
    System.out.printf(Locale.ROOT, "%nlargest classes %s (top 20):%n", when);
    System.out.printf(Locale.ROOT, "%14s %14s %9s  %s%n", "instances", "bytes", "B/op", "class");
    for (Map.Entry<String, long[]> entry : top.subList(0, Math.min(20, top.size()))) {
      long[] counts = entry.getValue();
      System.out.printf(
          Locale.ROOT,
          "%,14d %,14d %9.1f  %s%n",
          counts[0],
          counts[1],
          (double) counts[1] / n,
          entry.getKey());
    }
    System.out.println();
  }

  private static void printGrowth(Map<String, long[]> before, Map<String, long[]> after, int n) {
    Map<String, long[]> growth = new HashMap<>();
    after.forEach(
        (name, counts) -> {
          long[] old = before.getOrDefault(name, new long[2]);
          growth.put(name, new long[] {counts[0] - old[0], counts[1] - old[1]});
        });
    printTop(growth, n, "grown while serving");
  }
}
