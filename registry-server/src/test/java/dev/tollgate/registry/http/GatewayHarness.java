package dev.tollgate.registry.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.ServerBuilder;
import dev.tollgate.registry.admission.BudgetLedger;
import dev.tollgate.registry.admission.FakeClock;
import dev.tollgate.registry.auth.JwtSettings;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.gateway.CatalogSettings;
import dev.tollgate.registry.gateway.GatewaySettings;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.Enforcement;
import dev.tollgate.registry.policy.KeyPolicy.Mode;
import dev.tollgate.registry.pricing.AnalysedDocument;
import dev.tollgate.registry.pricing.CompiledPrice;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import dev.tollgate.registry.pricing.Measure;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.PricedOperation;
import dev.tollgate.registry.schema.SchemaSettings;
import dev.tollgate.registry.store.StoreSettings;
import dev.tollgate.registry.upstream.UpstreamSettings;
import graphql.language.OperationDefinition;
import graphql.parser.InvalidSyntaxException;
import graphql.parser.Parser;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A server on a random port wired by RegistryServer's builder, its gateway over an in-memory
 * registry, a fake upstream and a fake clock (the store, for {@code /v1}, is an in-memory H2).
 * Keys: {@code trusted-key} (app web, text allowed), {@code strict-key} (app web, ids only), {@code
 * partner-key} (open, 100,000-unit budget), {@code small-key} (open, 1,000 units refilled at 10/s),
 * {@code intro-key} (open, introspection allowed), {@code measure-key} (open, enforcement {@code
 * measure}, 100,000-unit budget); no key is the anonymous caller (trusted, app web). Every policy
 * has the book's limits, and all but {@code measure-key} enforce them. The upstream's answers vary
 * on {@code X-Tenant} ({@code upstream.varyHeaders}) besides the credentials. Requests accept
 * {@code application/graphql-response+json} unless made with {@link #bareRequest}.
 */
final class GatewayHarness implements AutoCloseable {

  static final ObjectMapper JSON = new ObjectMapper();
  static final long MAX_BODY = 200_000;
  private static final UpstreamSettings UPSTREAM =
      UpstreamSettings.DEFAULTS
          .withTimeoutMillis(1_000)
          .withHeaderRules(
              UpstreamSettings.DEFAULTS.forwardHeaders(),
              Map.of(),
              true,
              List.of(),
              List.of("X-Tenant"));
  static final String GRAPHQL_RESPONSE_JSON = "application/graphql-response+json";

  /**
   * The {@code Vary} of every answer: the cache key's headers, the forwarded {@code
   * accept-language} (the default {@code forwardHeaders} but the unkeyed tracing ones) and {@code
   * x-tenant} ({@code varyHeaders}).
   */
  static final String VARY = "X-API-Key, Accept, Authorization, Cookie, Accept-Language, X-Tenant";

  private static final Pattern UPSTREAM_TOTAL =
      Pattern.compile("(?m)^tollgate_upstream_requests_total (\\d+)$");

  final InMemoryRegistry registry = new InMemoryRegistry();
  final FakeClock clock = new FakeClock();
  final FakeUpstream upstream = new FakeUpstream();
  final OperationPricer pricer = new OperationPricer(cargoSchema(), CostModel.book());
  final DocumentCatalog catalog;
  private final RegistryServer server;
  private final HttpClient client = HttpClient.newHttpClient();

  private GatewayHarness(
      boolean batching, @Nullable BudgetLedger ledger, UpstreamSettings upstreamConfig) {
    this(batching, ledger, upstreamConfig, null);
  }

  private GatewayHarness(
      boolean batching,
      @Nullable BudgetLedger ledger,
      UpstreamSettings upstreamConfig,
      @Nullable JwtSettings jwt) {
    this(batching, ledger, upstreamConfig, jwt, UnaryOperator.identity());
  }

  private GatewayHarness(
      boolean batching,
      @Nullable BudgetLedger ledger,
      UpstreamSettings upstreamConfig,
      @Nullable JwtSettings jwt,
      UnaryOperator<GatewaySettings> gatewaySettings) {
    ServerConfig config = config(batching, upstreamConfig);
    ServerBuilder builder =
        RegistryServer.builder(
                config.transform(c -> c.jwt(jwt).gateway(gatewaySettings.apply(config.gateway()))))
            .clock(clock)
            .ticker(this::nanos)
            .documents(registry, this::restore);
    if (upstreamConfig.url() == null) {
      builder.upstream(upstream);
    }
    if (ledger != null) {
      builder.ledger(ledger);
    }
    server = builder.start();
    catalog = server.catalog();
  }

  /** The fake clock as a Caffeine ticker, so cached answers age as the clock advances. */
  private long nanos() {
    Instant now = clock.instant();
    return now.getEpochSecond() * 1_000_000_000L + now.getNano();
  }

  static GatewayHarness start() {
    return new GatewayHarness(false, null, UPSTREAM);
  }

  static GatewayHarness startWithBatching() {
    return new GatewayHarness(true, null, UPSTREAM);
  }

  /**
   * With the HTTP {@code QUERY} method ({@code gateway.httpQueryMethod}) and the {@code
   * application/graphql-request+json} body ({@code gateway.graphqlRequestMediaType}) on or off.
   */
  static GatewayHarness startWithHttpExtensions(boolean queryMethod, boolean requestMediaType) {
    return new GatewayHarness(
        false,
        null,
        UPSTREAM,
        null,
        settings -> settings.withHttpExtensions(queryMethod, requestMediaType));
  }

  /** Forwarding to the HTTP endpoint {@code url} (the fake {@link #upstream} is unused). */
  static GatewayHarness startWithUpstream(String url) {
    return new GatewayHarness(false, null, UPSTREAM.withUrl(url));
  }

  /** With callers identified by bearer tokens ({@code auth.jwt}), buckets in memory. */
  static GatewayHarness startWith(JwtSettings jwt) {
    return new GatewayHarness(false, null, UPSTREAM, jwt);
  }

  /** With callers identified by bearer tokens, and {@code ledger} for every bucket. */
  static GatewayHarness startWith(JwtSettings jwt, BudgetLedger ledger) {
    return new GatewayHarness(false, ledger, UPSTREAM, jwt);
  }

  /** With {@code ledger} instead of an in-memory ledger on the harness's clock. */
  static GatewayHarness startWith(BudgetLedger ledger) {
    return new GatewayHarness(false, ledger, UPSTREAM);
  }

  /**
   * With {@code upstream} as the config's: when it has a URL, the gateway calls it over HTTP (and
   * {@link #upstream} is unused).
   */
  static GatewayHarness startWith(UpstreamSettings upstream) {
    return new GatewayHarness(false, null, upstream);
  }

  /* ---- registry ---- */

  /**
   * Publishes {@code text} priced by the real engine, as the registry stores it; refreshes the
   * catalog.
   */
  DocumentHash publish(String app, String version, String text) {
    AnalysedDocument analysed = pricer.analyse(text, 5000);
    List<StoredOperation> operations = new ArrayList<>();
    for (PricedOperation operation : analysed.operations()) {
      operations.add(StoredOperation.of(operation, analysed.tokens(), "test"));
    }
    return store(app, version, text, operations);
  }

  /**
   * Publishes {@code text} with a fixed price, without the pricing engine; its variables are those
   * the text declares.
   */
  DocumentHash publishFixed(
      String app,
      String version,
      String text,
      @Nullable String name,
      OperationKind kind,
      long cost) {
    return store(
        app,
        version,
        text,
        List.of(
            new StoredOperation(name, kind, FixedPrice.of(cost, text), cost, 1, 0, 10, "test")));
  }

  private DocumentHash store(
      String app, String version, String text, List<StoredOperation> operations) {
    DocumentHash hash = DocumentHash.of(text);
    registry.publish(app, version, new StoredDocument(hash, text, Instant.EPOCH, operations));
    catalog.refresh();
    return hash;
  }

  void retire(String app, String version) {
    registry.retire(app, version);
    catalog.refresh();
  }

  private CompiledPrice restore(String serialized) {
    return serialized.startsWith(FixedPrice.PREFIX)
        ? new FixedPrice(serialized)
        : pricer.restore(serialized);
  }

  /* ---- HTTP ---- */

  HttpResponse<String> post(@Nullable String key, String body) {
    return send(
        request("/graphql", key)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  HttpResponse<String> post(@Nullable String key, Map<String, ?> body) {
    return post(key, json(body));
  }

  HttpResponse<String> get(
      @Nullable String key, Map<String, String> parameters, String... headers) {
    HttpRequest.Builder request = request("/graphql?" + query(parameters), key);
    for (int i = 0; i < headers.length; i += 2) {
      request.setHeader(headers[i], headers[i + 1]);
    }
    return send(request.GET().build());
  }

  int port() {
    return server.port();
  }

  /**
   * A request accepting {@code application/graphql-response+json}, whose refusals keep their 4xx
   * statuses ({@link #bareRequest} for one without {@code Accept}).
   */
  HttpRequest.Builder request(String path, @Nullable String key) {
    return bareRequest(path, key).setHeader("Accept", GRAPHQL_RESPONSE_JSON);
  }

  /** A request with no header but the key, so its answers are {@code application/json}. */
  HttpRequest.Builder bareRequest(String path, @Nullable String key) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://localhost:" + server.port() + path));
    if (key != null) {
      request.header("X-API-Key", key);
    }
    return request;
  }

  HttpResponse<String> send(HttpRequest request) {
    try {
      return client.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** {@code tollgate_upstream_requests_total}, read from {@code /metrics} as a scraper would. */
  long upstreamCalls() {
    String text = send(request("/metrics", null).GET().build()).body();
    Matcher matcher = UPSTREAM_TOTAL.matcher(text);
    if (!matcher.find()) {
      throw new AssertionError("no tollgate_upstream_requests_total in /metrics:\n" + text);
    }
    return Long.parseLong(matcher.group(1));
  }

  /** The value of the unlabelled counter {@code name}, read from {@code /metrics}. */
  long counter(String name) {
    String text = metricsText();
    Matcher matcher = Pattern.compile("(?m)^" + Pattern.quote(name) + " (\\d+)$").matcher(text);
    if (!matcher.find()) {
      throw new AssertionError("no " + name + " in /metrics:\n" + text);
    }
    return Long.parseLong(matcher.group(1));
  }

  String metricsText() {
    return send(request("/metrics", null).GET().build()).body();
  }

  static JsonNode body(HttpResponse<String> response) {
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + response.body(), e);
    }
  }

  static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Map<String, Object> persistedQuery(DocumentHash hash) {
    return Map.of("persistedQuery", Map.of("version", 1, "sha256Hash", hash.hex()));
  }

  static String fixture(String caseName) {
    return resource("/fixtures/cases/" + caseName + "/query.graphql");
  }

  private static String query(Map<String, String> parameters) {
    List<String> pairs = new ArrayList<>();
    parameters.forEach(
        (name, value) -> pairs.add(name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8)));
    return String.join("&", pairs);
  }

  private static String resource(String path) {
    try (InputStream in = GatewayHarness.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalArgumentException("no resource " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static GraphQLSchema cargoSchema() {
    String sdl = resource("/dev/tollgate/registry/demo/cargo.graphqls");
    return UnExecutableSchemaGenerator.makeUnExecutableSchema(new SchemaParser().parse(sdl));
  }

  private static ServerConfig config(boolean batching, UpstreamSettings upstream) {
    Map<String, KeyPolicy> keys = new LinkedHashMap<>();
    keys.put(
        "trusted-key",
        policy("trusted", Mode.TRUSTED, Set.of("web"), false, new Budget(10_000, 100), false));
    keys.put(
        "strict-key",
        policy("strict", Mode.TRUSTED, Set.of("web"), true, new Budget(10_000, 100), false));
    keys.put(
        "partner-key",
        policy("partner", Mode.OPEN, Set.of("*"), false, new Budget(100_000, 1_000), false));
    keys.put(
        "small-key", policy("small", Mode.OPEN, Set.of("*"), false, new Budget(1_000, 10), false));
    keys.put(
        "intro-key",
        policy("intro", Mode.OPEN, Set.of("*"), false, new Budget(100_000, 1_000), true));
    keys.put(
        "measure-key",
        policy("measure", Mode.OPEN, Set.of("*"), false, new Budget(100_000, 1_000), false)
            .transform(policy -> policy.enforcement(Enforcement.MEASURE)));
    // an H2 in memory, gone when the server closes its pool
    StoreSettings store =
        StoreSettings.of(
            "jdbc:h2:mem:gateway-"
                + UUID.randomUUID()
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH",
            "sa",
            "");
    return ServerConfig.defaults(store)
        .transform(
            config ->
                config
                    .http(HttpSettings.DEFAULTS.withPort(0).withMaxBodyBytes(MAX_BODY))
                    .schema(new SchemaSettings(null, CostPreset.BOOK, 10, FragmentSpreads.FIRST))
                    .upstream(upstream)
                    .gateway(
                        GatewaySettings.DEFAULTS
                            .withBatching(batching, 3)
                            .withOpenCacheBytes(1 << 20))
                    // polled once a day: the tests refresh the catalog themselves
                    .catalog(new CatalogSettings(86_400_000))
                    .keys(keys)
                    .anonymous(
                        policy(
                            "anonymous",
                            Mode.TRUSTED,
                            Set.of("web"),
                            false,
                            new Budget(10_000, 100),
                            false)));
  }

  private static KeyPolicy policy(
      String name,
      Mode mode,
      Set<String> apps,
      boolean requireId,
      Budget budget,
      boolean introspection) {
    return KeyPolicy.newPolicy(name)
        .mode(mode)
        .apps(apps)
        .requireId(requireId)
        .budget(budget)
        .introspection(introspection)
        .build();
  }

  @Override
  public void close() {
    server.close();
  }

  /**
   * A constant price, serialised as {@code fixed:<cost>:<declared variable names, comma
   * separated>}.
   */
  record FixedPrice(String serialized) implements CompiledPrice {
    static final String PREFIX = "fixed:";

    /** The price {@code cost} of an operation of {@code text}, declaring its variables. */
    static String of(long cost, String text) {
      List<String> names = new ArrayList<>();
      try {
        for (OperationDefinition operation :
            Parser.parse(text).getDefinitionsOfType(OperationDefinition.class)) {
          operation.getVariableDefinitions().forEach(variable -> names.add(variable.getName()));
        }
      } catch (InvalidSyntaxException e) {
        // a text that is not GraphQL declares nothing
      }
      return PREFIX + cost + ":" + String.join(",", names);
    }

    @Override
    public Measure evaluate(Map<String, @Nullable Object> rawVariables) {
      return atDefaults();
    }

    @Override
    public Measure atDefaults() {
      return new Measure(Long.parseLong(serialized.split(":", -1)[1]), 1);
    }

    @Override
    public List<String> variableNames() {
      String[] parts = serialized.split(":", -1);
      return parts.length < 3 || parts[2].isEmpty() ? List.of() : List.of(parts[2].split(","));
    }

    @Override
    public String serialize() {
      return serialized;
    }
  }
}
