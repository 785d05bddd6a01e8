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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Measures opening an H2 store that holds N operations, published as releases of up to 10,000 (app
 * {@code bench}, one version each) with checkpoints every 16 MB of journal: after a clean shutdown
 * (the file is used as it is), after an unclean one (the {@code registry.open} marker a killed
 * process leaves behind: the store starts from its checkpoint and replays the journal after it),
 * and after an unclean one with the checkpoint removed (rebuilt from the whole journal, as before
 * checkpoints). Prints milliseconds for three opens of each, in the same JVM after a warm-up open,
 * and the data folder's files.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.RestartBenchmark [operations]
 * </pre>
 */
public final class RestartBenchmark {

  private static final int RELEASE = 10_000;

  private RestartBenchmark() {}

  public static void main(String[] args) throws Exception {
    int operations = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    String schemaText = PublishBenchmark.resource("dev/tollgate/registry/demo/cargo.graphqls");
    GraphQLSchema schema =
        UnExecutableSchemaGenerator.makeUnExecutableSchema(new SchemaParser().parse(schemaText));
    OperationPricer pricer = new OperationPricer(schema, CostModel.book());
    Path dir = Files.createTempDirectory("tollgate-restart");
    StoreSettings config = StoreSettings.h2In(dir).withCheckpointMegabytes(16);
    try {
      long started = System.nanoTime();
      try (RegistryStore store = RegistryStore.open(config, InstantSource.system())) {
        Publisher publisher = new Publisher(store, pricer, DocumentHash.of(schemaText).hex());
        for (int from = 0, version = 1; from < operations; from += RELEASE, version++) {
          publisher.publish(
              new VersionRef("bench", String.valueOf(version)),
              PublishBenchmark.manifest(from, Math.min(RELEASE, operations - from)),
              "bench",
              false);
        }
      }
      System.out.printf(
          Locale.ROOT,
          "published %,d operations in %d ms%n",
          operations,
          (System.nanoTime() - started) / 1_000_000);
      printFiles(dir);
      open(config); // warm-up
      for (int i = 0; i < 3; i++) {
        System.out.printf(Locale.ROOT, "clean start: %d ms%n", open(config));
        Files.writeString(dir.resolve("registry.open"), "left by a killed process");
        System.out.printf(
            Locale.ROOT, "start after a crash, from the checkpoint: %d ms%n", open(config));
      }
      Files.deleteIfExists(dir.resolve("registry.checkpoint.zip"));
      Files.writeString(dir.resolve("registry.open"), "left by a killed process");
      System.out.printf(
          Locale.ROOT, "start after a crash, no checkpoint (whole journal): %d ms%n", open(config));
    } finally {
      PublishBenchmark.deleteTree(dir);
    }
  }

  private static long open(StoreSettings config) {
    long start = System.nanoTime();
    try (RegistryStore store = RegistryStore.open(config, InstantSource.system())) {
      store.apps();
      return (System.nanoTime() - start) / 1_000_000;
    }
  }

  private static void printFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.sorted().toList()) {
        if (Files.size(file) > 0) {
          System.out.printf(
              Locale.ROOT, "  %-32s %,d bytes%n", file.getFileName(), Files.size(file));
        }
      }
    }
  }
}
