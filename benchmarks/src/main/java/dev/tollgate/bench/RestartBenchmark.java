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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.Locale;

/**
 * Measures opening an H2 store that holds one publication of N operations: after a clean shutdown
 * (the file is used as it is) and after an unclean one (the {@code registry.open} marker a killed
 * process leaves behind: the file is moved aside and rebuilt from the journal). Prints milliseconds
 * for three opens of each, in the same JVM after a warm-up open.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.RestartBenchmark [operations]
 * </pre>
 */
public final class RestartBenchmark {

  private RestartBenchmark() {}

  public static void main(String[] args) throws Exception {
    int operations = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    String schemaText = PublishBenchmark.resource("dev/tollgate/registry/demo/cargo.graphqls");
    GraphQLSchema schema =
        UnExecutableSchemaGenerator.makeUnExecutableSchema(new SchemaParser().parse(schemaText));
    OperationPricer pricer = new OperationPricer(schema, CostModel.book());
    Path dir = Files.createTempDirectory("tollgate-restart");
    StoreSettings config = StoreSettings.h2In(dir);
    try {
      try (RegistryStore store = RegistryStore.open(config, InstantSource.system())) {
        new Publisher(store, pricer, DocumentHash.of(schemaText).hex())
            .publish(
                new VersionRef("bench", "1"),
                PublishBenchmark.manifest(operations),
                "bench",
                false);
      }
      open(config); // warm-up
      for (int i = 0; i < 3; i++) {
        System.out.printf(Locale.ROOT, "clean start: %d ms%n", open(config));
        Files.writeString(dir.resolve("registry.open"), "left by a killed process");
        System.out.printf(Locale.ROOT, "start after a crash: %d ms%n", open(config));
      }
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
}
