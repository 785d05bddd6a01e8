package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tollgate.registry.cli.PriceCommand;
import dev.tollgate.registry.config.ConfigLoader;
import dev.tollgate.registry.config.SchemaSource;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationGenerator;
import graphql.schema.GraphQLSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 12 item 3: for each model ({@code book}, {@code apollo}) with {@code fragmentSpreads} left
 * to its default, {@code first} and {@code each}, the server's open mode ({@code /graphql}), its
 * publish report ({@code ?dryRun=true}) and the {@code price} command give every operation the same
 * cost: a fragment spread under twenty aliases, then generated operations over the bundled cargo
 * schema (named fragments spread and re-spread, inline fragments, directives, slicing arguments).
 * The server is wired from a config file, so the default is the one a user gets.
 */
final class PricingAgreementTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CARGO_SCHEMA = "dev/tollgate/registry/demo/cargo.graphqls";
  private static final int GENERATED = 50;
  private static final String OPEN_KEY = "open-key";
  private static final String PUBLISHER = "publish-token";

  /** Twenty aliases of {@code cargo}, each spreading {@code F}. */
  private static final String TWENTY_SPREADS = twentySpreads();

  @TempDir Path dir;
  private final HttpClient client = HttpClient.newHttpClient();

  static Stream<Arguments> settings() {
    // book: F = id 1 + origin (1 + code 1) = 3; first: (1 + 3) + 19 × 1 = 23; each: 20 × 4 = 80.
    // apollo (scalars 0): F = origin 1; first: (1 + 1) + 19 × 1 = 21; each: 20 × 2 = 40.
    return Stream.of(
        Arguments.of("book", null, "first", 23),
        Arguments.of("book", "first", "first", 23),
        Arguments.of("book", "each", "each", 80),
        Arguments.of("apollo", null, "each", 40),
        Arguments.of("apollo", "first", "first", 21),
        Arguments.of("apollo", "each", "each", 40));
  }

  @ParameterizedTest(name = "{0} fragmentSpreads={1}")
  @MethodSource("settings")
  void price_everyOperation_sameInOpenModePublishReportAndPriceCommand(
      String model, @Nullable String spreads, String effective, long twentySpreadsCost)
      throws Exception {
    Path schemaFile = dir.resolve("cargo.graphqls");
    Files.writeString(schemaFile, resource(CARGO_SCHEMA));
    try (RegistryServer server = start(model, spreads)) {
      JsonNode priceList = get(server, "/v1/price-list");
      assertThat(priceList.get("model").asText()).isEqualTo(model);
      assertThat(priceList.get("fragmentSpreads").asText()).isEqualTo(effective);

      List<String> queries = new ArrayList<>();
      queries.add(TWENTY_SPREADS);
      queries.addAll(generated(SchemaSource.load(null).schema(), model.equals("apollo")));
      Map<String, Long> reported = publishReport(server, queries);
      for (String query : queries) {
        List<Long> prices =
            List.of(
                openMode(server, query),
                Objects.requireNonNull(reported.get(DocumentHash.of(query).hex()), query),
                priceCommand(schemaFile, model, spreads, query));
        assertThat(prices).as("%s%n%s", prices, query).containsOnly(prices.get(0));
      }
      assertThat(openMode(server, TWENTY_SPREADS)).isEqualTo(twentySpreadsCost);
    }
  }

  private long openMode(RegistryServer server, String query) throws Exception {
    ObjectNode request = JSON.createObjectNode().put("query", query);
    JsonNode open = post(server, "/graphql", request, "X-API-Key", OPEN_KEY);
    return cost(open.at("/extensions/cost/estimated"), open);
  }

  /** The cost of each document by id, from one dry-run publication of all of them. */
  private Map<String, Long> publishReport(RegistryServer server, List<String> queries)
      throws Exception {
    JsonNode report =
        post(
            server,
            "/v1/apps/agree/versions/1?dryRun=true",
            manifest(queries),
            "Authorization",
            "Bearer " + PUBLISHER);
    Map<String, Long> costs = new HashMap<>();
    for (JsonNode operation : report.path("operations")) {
      costs.put(operation.get("id").asText(), cost(operation.get("cost"), report));
    }
    assertThat(costs).as("%s", report).hasSize(queries.size());
    return costs;
  }

  private long priceCommand(Path schemaFile, String model, @Nullable String spreads, String query)
      throws IOException {
    Path queryFile = Files.writeString(dir.resolve("q.graphql"), query);
    List<String> args =
        new ArrayList<>(
            List.of("--schema", schemaFile.toString(), "--query", queryFile.toString()));
    args.addAll(List.of("--model", model));
    if (spreads != null) {
      args.addAll(List.of("--fragment-spreads", spreads));
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        PriceCommand.run(
            args.toArray(String[]::new),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
    return JSON.readTree(out.toString(StandardCharsets.UTF_8)).get("cost").asLong();
  }

  /**
   * Generated queries, their one required variable given a default, so that the three price each at
   * the same (default) variables.
   */
  private static List<String> generated(GraphQLSchema schema, boolean apollo) {
    List<String> queries = new ArrayList<>();
    for (int seed = 0; seed < GENERATED; seed++) {
      String query = new OperationGenerator(schema, seed, apollo).generate();
      queries.add(query.replace("$b1: Boolean!", "$b1: Boolean! = true"));
    }
    return queries;
  }

  private RegistryServer start(String model, @Nullable String spreads) throws IOException {
    String schema =
        spreads == null
            ? "{\"model\": \"%s\"}".formatted(model)
            : "{\"model\": \"%s\", \"fragmentSpreads\": \"%s\"}".formatted(model, spreads);
    // Limits and budget far above any generated price, so nothing is refused.
    String config =
        """
        {"schema": %s,
         "adminTokens": [{"token": "%s", "scope": "publish"}],
         "keys": {"%s": {"mode": "open", "apps": ["*"],
           "limits": {"tokens": 100000, "depth": 100, "aliases": 1000, "cost": 9000000000000000000},
           "budget": {"capacity": 9000000000000000000, "refillPerSecond": 0}}}}
        """
            .formatted(schema, PUBLISHER, OPEN_KEY);
    Path file = Files.writeString(dir.resolve("tollgate.json"), config);
    return RegistryServer.start(ConfigLoader.load(file, 0, dir.resolve("data")));
  }

  private static ObjectNode manifest(List<String> queries) {
    ObjectNode manifest = JSON.createObjectNode();
    manifest.put("format", "apollo-persisted-query-manifest");
    manifest.put("version", 1);
    ArrayNode operations = manifest.putArray("operations");
    for (String query : queries) {
      ObjectNode operation = operations.addObject();
      operation.put("id", DocumentHash.of(query).hex());
      operation.put("name", "Q");
      operation.put("type", "query");
      operation.put("body", query);
    }
    return manifest;
  }

  private JsonNode post(
      RegistryServer server, String path, JsonNode body, String header, String value)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
            .header("Content-Type", "application/json")
            .header(header, value)
            .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
            .build();
    return JSON.readTree(client.send(request, HttpResponse.BodyHandlers.ofString()).body());
  }

  private JsonNode get(RegistryServer server, String path)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).build();
    return JSON.readTree(client.send(request, HttpResponse.BodyHandlers.ofString()).body());
  }

  private static long cost(JsonNode cost, JsonNode body) {
    assertThat(cost.isNumber()).as("no cost in %s", body).isTrue();
    return cost.asLong();
  }

  private static String twentySpreads() {
    StringBuilder text = new StringBuilder("query Q {");
    for (int i = 0; i < 20; i++) {
      text.append(" a").append(i).append(": cargo(trackingId: \"").append(i).append("\") { ...F }");
    }
    return text.append(" } fragment F on Cargo { id origin { code } }").toString();
  }

  private static String resource(String name) throws IOException {
    try (InputStream in =
        Objects.requireNonNull(
            PricingAgreementTest.class.getClassLoader().getResourceAsStream(name), name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
