package dev.tollgate.bench;

import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import dev.tollgate.registry.publish.Publisher;
import dev.tollgate.registry.publish.VersionRef;
import dev.tollgate.registry.schema.SchemaActivated;
import dev.tollgate.registry.schema.SchemaInput;
import dev.tollgate.registry.schema.SchemaPublication;
import dev.tollgate.registry.schema.SchemaRegistry;
import dev.tollgate.registry.schema.SchemaVersion;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.StoreSettings;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Measures a schema change over a registry of N operations (PublishBenchmark's manifest, on H2 in a
 * temporary folder): the dry run's impact report (every operation repriced), the publication
 * (repriced again and stored), the activation (no repricing: the prices are stored) and the
 * rollback. The new schema puts {@code @cost(weight: 3)} on {@code Cargo.handlingHistory} and
 * removes {@code Delivery.eta}, so a fifth of the operations is dearer and a fifth broken. Prints
 * each step's wall time, the process's CPU time (which other processes' load does not inflate), its
 * time in GC and the heap left after the step's last collection, and the load average.
 *
 * <p>With VERSIONS above 1, the registry holds VERSIONS versions of N operations each, consecutive
 * versions sharing SHARED percent of their documents (version k holds the operations {@code k × N ×
 * (100 − SHARED) / 100} onwards): an operation held by many versions is one document, priced once.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.RepricingBenchmark [N [VERSIONS [SHARED]]]
 * </pre>
 */
public final class RepricingBenchmark {

  private RepricingBenchmark() {}

  public static void main(String[] args) throws Exception {
    int operations = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int versions = args.length > 1 ? Integer.parseInt(args[1]) : 1;
    int shared = args.length > 2 ? Integer.parseInt(args[2]) : 90;
    String sdl = PublishBenchmark.resource("dev/tollgate/registry/demo/cargo.graphqls");
    SchemaInput original = new SchemaInput(sdl, CostPreset.BOOK, 10, FragmentSpreads.FIRST);
    SchemaInput changed =
        new SchemaInput(
            sdl.replace(
                    "handlingHistory(first: Int, after: String, last: Int, before: String):"
                        + " HandlingEventConnection!",
                    "handlingHistory(first: Int, after: String, last: Int, before: String):"
                        + " HandlingEventConnection! @cost(weight: 3)")
                .replace("  eta: DateTime\n", ""),
            CostPreset.BOOK,
            10,
            FragmentSpreads.FIRST);
    System.out.printf(
        Locale.ROOT,
        "cores: %d, max heap %d MB, load average: %.1f%n",
        Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory() >> 20,
        loadAverage());
    Path dir = Files.createTempDirectory("tollgate-bench");
    try (RegistryStore store =
        RegistryStore.open(StoreSettings.h2In(dir), InstantSource.system())) {
      SchemaRegistry schemas = SchemaRegistry.start(store, policies(), original, null, false);
      Publisher publisher =
          new Publisher(
              store,
              () -> {
                SchemaVersion version = schemas.active().version();
                return new Publisher.PricingSchema(version.pricer(), version.fingerprint());
              });
      long start = System.nanoTime();
      int step = (int) ((long) operations * (100 - shared) / 100);
      for (int version = 0; version < versions; version++) {
        publisher.publish(
            new VersionRef("bench", Integer.toString(version + 1)),
            PublishBenchmark.manifest(version * step, operations),
            "bench",
            false);
      }
      System.out.printf(
          Locale.ROOT,
          "registry: %d versions x %d operations, %d distinct documents, published in %.1f s%n",
          versions,
          operations,
          operations + (versions - 1) * step,
          (System.nanoTime() - start) / 1e9);
      measure(schemas, original, changed);
    } finally {
      PublishBenchmark.deleteTree(dir);
    }
  }

  private static void measure(SchemaRegistry schemas, SchemaInput original, SchemaInput changed) {
    live("before the dry run");
    Step dryRunStep = new Step();
    SchemaPublication dryRun = schemas.publish(changed, "bench", true);
    System.out.printf(
        Locale.ROOT,
        "h2: %d operations; dry run (impact report) %s %s%n",
        dryRun.report().operations().size(),
        dryRunStep.done(),
        dryRun.report().summary());
    live("dry run's report held");
    Step publishStep = new Step();
    SchemaPublication published = schemas.publish(changed, "bench", false);
    System.out.printf(
        Locale.ROOT, "publish %s (created=%s)%n", publishStep.done(), published.created());
    live("both reports held");
    Step activateStep = new Step();
    SchemaActivated activated = schemas.activate(changed.fingerprint(), "bench", true);
    System.out.printf(
        Locale.ROOT,
        "activate %s (%d repriced, %d broken)%n",
        activateStep.done(),
        activated.repriced(),
        activated.broken().size());
    Step rollbackStep = new Step();
    SchemaActivated rolledBack = schemas.activate(original.fingerprint(), "bench", false);
    System.out.printf(
        Locale.ROOT, "rollback %s (%d repriced)%n", rollbackStep.done(), rolledBack.repriced());
  }

  /**
   * A step's wall time, process CPU time and time in GC (the collectors' own count: with G1, its
   * pauses), with the load average and the heap's size after its last collection at its end.
   */
  private static final class Step {
    private final long wall = System.nanoTime();
    private final long cpu = cpuNanos();
    private final long gc = gcMillis();

    String done() {
      return String.format(
          Locale.ROOT,
          "%.2f s (cpu %.2f s, gc %.2f s, heap after gc %d MB, load average %.1f)",
          (System.nanoTime() - wall) / 1e9,
          (cpuNanos() - cpu) / 1e9,
          (gcMillis() - gc) / 1e3,
          heapAfterGc() >> 20,
          loadAverage());
    }
  }

  /**
   * With {@code -Dbench.live=true}, collects the whole heap (untimed, between steps) and prints
   * what is live: the reports the benchmark holds, over the store's own.
   */
  private static void live(String what) {
    if (!Boolean.getBoolean("bench.live")) {
      return;
    }
    System.gc();
    System.out.printf(
        Locale.ROOT,
        "live heap after a full collection (%s): %d MB%n",
        what,
        ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() >> 20);
  }

  private static long gcMillis() {
    long millis = 0;
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      millis += Math.max(0, collector.getCollectionTime());
    }
    return millis;
  }

  /** The heap in use after each pool's last collection (what survived it). */
  private static long heapAfterGc() {
    long bytes = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      MemoryUsage afterGc = pool.getCollectionUsage();
      if (pool.getType() == MemoryType.HEAP && afterGc != null) {
        bytes += afterGc.getUsed();
      }
    }
    return bytes;
  }

  private static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** CPU time of the whole process, which load from other processes does not inflate. */
  private static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static List<KeyPolicy> policies() {
    ServerConfig demo = DemoConfig.create(0, Path.of("unused"));
    List<KeyPolicy> policies = new ArrayList<>(demo.keys().values());
    policies.add(demo.anonymous());
    return policies;
  }
}
