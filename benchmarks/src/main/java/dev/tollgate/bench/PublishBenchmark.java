package dev.tollgate.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.publish.PublishReport;
import dev.tollgate.registry.publish.Publisher;
import dev.tollgate.registry.publish.VersionRef;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.StoreSettings;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.InstantSource;
import java.util.Comparator;
import java.util.Locale;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Measures publishing a manifest of distinct, valid operations over the cargo schema into a fresh
 * store (H2 in a temporary folder, and PostgreSQL in a fresh schema when a URL is given), then
 * re-publishing it (a no-op). Prints seconds.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.tollgate.bench.PublishBenchmark [operations] [postgres-jdbc-url]
 * </pre>
 */
public final class PublishBenchmark {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] SELECTIONS = {
    "trackingId",
    "trackingId origin { code name }",
    "id destination { code } delivery { transportStatus eta }",
    "trackingId itinerary { legs { voyageNumber loadLocation { code } unloadLocation { code } } }",
    "trackingId handlingHistory(first: 5) { edges { node { type completionTime location { code } } } }",
  };

  private PublishBenchmark() {}

  public static void main(String[] args) throws Exception {
    int operations = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    String schemaText = resource("dev/tollgate/registry/demo/cargo.graphqls");
    GraphQLSchema schema =
        UnExecutableSchemaGenerator.makeUnExecutableSchema(new SchemaParser().parse(schemaText));
    OperationPricer pricer = new OperationPricer(schema, CostModel.book());
    byte[] manifest = manifest(operations);
    System.out.printf(
        Locale.ROOT,
        "cores: %d, load average: %.1f%n",
        Runtime.getRuntime().availableProcessors(),
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    System.out.printf(
        Locale.ROOT, "manifest: %d operations, %d bytes%n", operations, manifest.length);
    Path dir = Files.createTempDirectory("tollgate-bench");
    try {
      run("h2", StoreSettings.h2In(dir), pricer, schemaText, manifest);
    } finally {
      deleteTree(dir);
    }
    if (args.length > 1) {
      postgres(args[1], pricer, schemaText, manifest);
    }
  }

  private static void postgres(
      String url, OperationPricer pricer, String schemaText, byte[] manifest) throws SQLException {
    String schema = "tollgate_bench_" + UUID.randomUUID().toString().replace("-", "");
    execute(url, "CREATE SCHEMA " + schema);
    try {
      String separator = url.contains("?") ? "&" : "?";
      run(
          "postgresql",
          StoreSettings.of(url + separator + "currentSchema=" + schema, "", ""),
          pricer,
          schemaText,
          manifest);
    } finally {
      execute(url, "DROP SCHEMA " + schema + " CASCADE");
    }
  }

  private static void run(
      String label,
      StoreSettings config,
      OperationPricer pricer,
      String schemaText,
      byte[] manifest) {
    try (RegistryStore store = RegistryStore.open(config, InstantSource.system())) {
      Publisher publisher = new Publisher(store, pricer, DocumentHash.of(schemaText).hex());
      VersionRef ref = new VersionRef("bench", "1");
      long start = System.nanoTime();
      long startCpu = cpuNanos();
      PublishReport first = publisher.publish(ref, manifest, "bench", false);
      long middle = System.nanoTime();
      long middleCpu = cpuNanos();
      PublishReport again = publisher.publish(ref, manifest, "bench", false);
      long end = System.nanoTime();
      long endCpu = cpuNanos();
      System.out.printf(
          Locale.ROOT,
          "%s: publish %.2f s (cpu %.2f s; %d operations, created=%s),"
              + " re-publish %.2f s (cpu %.2f s; created=%s)%n",
          label,
          (middle - start) / 1e9,
          (middleCpu - startCpu) / 1e9,
          first.operations().size(),
          first.created(),
          (end - middle) / 1e9,
          (endCpu - middleCpu) / 1e9,
          again.created());
    }
  }

  /**
   * CPU time of the whole process (all threads), which load from other processes does not inflate.
   */
  private static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  static byte[] manifest(int operations) throws IOException {
    return manifest(0, operations);
  }

  /** Operations {@code from} to {@code from + operations - 1}, each text distinct. */
  static byte[] manifest(int from, int operations) throws IOException {
    ObjectNode manifest = JSON.createObjectNode();
    manifest.put("format", "apollo-persisted-query-manifest");
    manifest.put("version", 1);
    ArrayNode list = manifest.putArray("operations");
    for (int i = from; i < from + operations; i++) {
      String name = "Op" + i;
      String body = body(i);
      ObjectNode operation = list.addObject();
      operation.put("id", DocumentHash.of(body).hex());
      operation.put("name", name);
      operation.put("type", "query");
      operation.put("body", body);
    }
    return JSON.writeValueAsBytes(manifest);
  }

  /** The text of operation {@code i} of {@link #manifest}. */
  static String body(int i) {
    return "query Op"
        + i
        + "($id: String! = \"T"
        + i
        + "\") { cargo(trackingId: $id) { "
        + SELECTIONS[i % SELECTIONS.length]
        + " } }";
  }

  static String resource(String name) throws IOException {
    try (InputStream in =
        Objects.requireNonNull(
            PublishBenchmark.class.getClassLoader().getResourceAsStream(name), name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static void execute(String url, String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url)) {
      connection.createStatement().execute(sql);
    }
  }

  static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
