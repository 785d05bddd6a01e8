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
import java.lang.management.ManagementFactory;
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
 * seconds (and the dry run's CPU time, which other processes' load does not inflate).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.RepricingBenchmark [operations]
 * </pre>
 */
public final class RepricingBenchmark {

  private RepricingBenchmark() {}

  public static void main(String[] args) throws Exception {
    int operations = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
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
        "cores: %d, load average: %.1f%n",
        Runtime.getRuntime().availableProcessors(),
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
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
      publisher.publish(
          new VersionRef("bench", "1"), PublishBenchmark.manifest(operations), "bench", false);
      measure(schemas, original, changed);
    } finally {
      PublishBenchmark.deleteTree(dir);
    }
  }

  private static void measure(SchemaRegistry schemas, SchemaInput original, SchemaInput changed) {
    long start = System.nanoTime();
    long startCpu = cpuNanos();
    SchemaPublication dryRun = schemas.publish(changed, "bench", true);
    long afterDryRun = System.nanoTime();
    long dryRunCpu = cpuNanos() - startCpu;
    SchemaPublication published = schemas.publish(changed, "bench", false);
    long afterPublish = System.nanoTime();
    SchemaActivated activated = schemas.activate(changed.fingerprint(), "bench", true);
    long afterActivate = System.nanoTime();
    SchemaActivated rolledBack = schemas.activate(original.fingerprint(), "bench", false);
    long end = System.nanoTime();
    System.out.printf(
        Locale.ROOT,
        "h2: %d operations; dry run (impact report) %.2f s (cpu %.2f s) %s; publish %.2f s (created=%s);"
            + " activate %.2f s (%d repriced, %d broken); rollback %.2f s (%d repriced)%n",
        dryRun.report().operations().size(),
        (afterDryRun - start) / 1e9,
        dryRunCpu / 1e9,
        dryRun.report().summary(),
        (afterPublish - afterDryRun) / 1e9,
        published.created(),
        (afterActivate - afterPublish) / 1e9,
        activated.repriced(),
        activated.broken().size(),
        (end - afterActivate) / 1e9,
        rolledBack.repriced());
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
