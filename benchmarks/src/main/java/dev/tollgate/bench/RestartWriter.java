package dev.tollgate.bench;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.publish.Publisher;
import dev.tollgate.registry.publish.VersionRef;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.StoreSettings;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.Locale;

/**
 * The process {@link RestartBenchmark} kills: opens the H2 store in a data folder, publishes
 * operations {@code from} to {@code from + count - 1} as releases of up to 10,000 (app {@code
 * bench}, one version each), prints {@code ready} and waits, the store open, for its kill -9.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.RestartWriter DIR FROM COUNT CHECKPOINT_MB
 * </pre>
 */
public final class RestartWriter {

  static final int RELEASE = 10_000;

  private RestartWriter() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    int from = Integer.parseInt(args[1]);
    int count = Integer.parseInt(args[2]);
    int checkpointMegabytes = Integer.parseInt(args[3]);
    String schemaText = PublishBenchmark.resource("dev/tollgate/registry/demo/cargo.graphqls");
    GraphQLSchema schema =
        UnExecutableSchemaGenerator.makeUnExecutableSchema(new SchemaParser().parse(schemaText));
    OperationPricer pricer = new OperationPricer(schema, CostModel.book());
    StoreSettings config = settings(dir, checkpointMegabytes);
    RegistryStore store = RegistryStore.open(config, InstantSource.system());
    Publisher publisher = new Publisher(store, pricer, DocumentHash.of(schemaText).hex());
    long started = System.nanoTime();
    long cpu = cpuNanos();
    for (int at = from; at < from + count; at += RELEASE) {
      int size = Math.min(RELEASE, from + count - at);
      publisher.publish(
          new VersionRef("bench", String.valueOf(at / RELEASE + 1)),
          PublishBenchmark.manifest(at, size),
          "bench",
          false);
    }
    System.out.printf(
        Locale.ROOT,
        "published %,d operations in %,d ms (process CPU %,d ms)%n",
        count,
        (System.nanoTime() - started) / 1_000_000,
        (cpuNanos() - cpu) / 1_000_000);
    System.out.println("ready");
    System.out.flush();
    Thread.sleep(Long.MAX_VALUE); // the store stays open until the kill -9
  }

  /**
   * The store's settings: {@link StoreSettings#h2In}, with H2's {@code WRITE_DELAY} replaced by the
   * system property {@code tollgate.bench.writeDelay} when set (to compare file sizes).
   */
  static StoreSettings settings(Path dir, int checkpointMegabytes) {
    StoreSettings config = StoreSettings.h2In(dir).withCheckpointMegabytes(checkpointMegabytes);
    String delay = System.getProperty("tollgate.bench.writeDelay");
    if (delay == null) {
      return config;
    }
    return new StoreSettings(
        config.jdbcUrl().replace("WRITE_DELAY=0", "WRITE_DELAY=" + Integer.parseInt(delay)),
        config.user(),
        config.password(),
        config.poolSize(),
        checkpointMegabytes);
  }

  static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }
}
