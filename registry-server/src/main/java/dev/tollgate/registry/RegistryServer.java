package dev.tollgate.registry;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.BudgetLedger;
import dev.tollgate.registry.admission.InMemoryBudgetLedger;
import dev.tollgate.registry.admission.RedisBudgetLedger;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.config.ConfigLoader;
import dev.tollgate.registry.config.KeyPolicy;
import dev.tollgate.registry.config.SchemaSource;
import dev.tollgate.registry.demo.DemoManifest;
import dev.tollgate.registry.demo.DemoService;
import dev.tollgate.registry.http.GatewayRoutes;
import dev.tollgate.registry.http.ResponseCache;
import dev.tollgate.registry.http.RegistryRoutes;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.pricelist.PriceList;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.publish.Publisher;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.upstream.HttpUpstream;
import dev.tollgate.registry.upstream.Upstream;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.http.HttpErrors;
import io.javalin.Javalin;
import java.nio.file.Path;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The wiring: the only place that builds the store, the caches and the services, and passes them
 * through constructors. {@code main} starts the server (the embedded demo with no arguments) or
 * runs the {@code price} command.
 */
public final class RegistryServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(RegistryServer.class);

  private static final int CATALOG_SIZE = 200_000;

  private final Javalin app;
  private final Closer closer;

  private RegistryServer(Javalin app, Closer closer) {
    this.app = app;
    this.closer = closer;
  }

  public static void main(String[] args) {
    if (args.length > 0 && args[0].equals("price")) { System.exit(dev.tollgate.registry.cli.PriceCommand.run(java.util.Arrays.copyOfRange(args, 1, args.length), System.out, System.err)); return; }
    ServerArguments arguments = ServerArguments.parse(args);
    ServerConfig config = arguments.configFile() == null
        ? DemoConfig.create(arguments.port() < 0 ? ServerConfig.Http.DEFAULTS.port() : arguments.port(), arguments.dataDir())
        : ConfigLoader.load(arguments.configFile(), arguments.port(), arguments.dataDir());
    if (arguments.configFile() == null) {
      printDemoCredentials(config.http().port());
    }
    RegistryServer server = start(config);
    Runtime.getRuntime().addShutdownHook(new Thread(server::close, "tollgate-shutdown"));
  }

  /** Builds everything from {@code config} and starts listening. */
  public static RegistryServer start(ServerConfig config) {
    Closer closer = new Closer();
    try {
      return start(config, closer);
    } catch (RuntimeException e) {
      closer.close();
      throw e;
    }
  }

  private static RegistryServer start(ServerConfig config, Closer closer) {
    ObjectMapper json = new ObjectMapper();
    SchemaSource schema = SchemaSource.load(config.schema().path());
    OperationPricer pricer = new OperationPricer(schema.schema(), costModel(config.schema()));
    RegistryStore store = closer.add(RegistryStore.open(config.store(), InstantSource.system()));
    Publisher publisher = new Publisher(store, pricer, schema.fingerprint());
    if (config.demo().publishDemoManifest()) {
      DemoManifest.publish(publisher);
    }
    GatewayMetrics metrics = new GatewayMetrics();
    DocumentCatalog catalog = closer.add(new DocumentCatalog(metrics.countingReads(store), pricer::restore,
        Caffeine.newBuilder().maximumSize(CATALOG_SIZE).recordStats().build()));
    store.addChangeListener(catalog::refresh);
    catalog.startPolling(Duration.ofMillis(config.gateway().refreshMillis()));
    BudgetLedger ledger = closer.add(ledger(config.gateway()));
    AdmissionController admission = new AdmissionController(catalog, pricer,
        Caffeine.newBuilder().maximumSize(config.gateway().openCacheSize()).recordStats().build(),
        ledger, config.gateway());
    GatewayRoutes gateway = new GatewayRoutes(admission, upstream(config.upstream(), json),
        responseCache(config, json), metrics, config, json);
    RegistryRoutes registry = new RegistryRoutes(publisher, store,
        PriceList.of(pricer.schema(), pricer.model(), policies(config)), config.adminTokens(),
        config.http().maxBodyBytes());
    Javalin app = Javalin.create(javalin -> {
      javalin.http.maxRequestSize = config.http().maxBodyBytes();
      javalin.startup.showJavalinBanner = false;
      HttpErrors.register(javalin);
      registry.register(javalin);
      gateway.register(javalin);
      javalin.routes.get("/health", ctx -> ctx.json(Map.of("status", "ok", "documents", catalog.activeCount())));
    });
    app.start(config.http().port());
    LOG.info("Tollgate listening on port {} ({} active documents, schema {}, {} model)", app.port(),
        catalog.activeCount(), config.schema().path() == null ? "bundled cargo demo" : config.schema().path(),
        config.schema().model().name().toLowerCase(java.util.Locale.ROOT));
    return new RegistryServer(app, closer);
  }

  private static CostModel costModel(ServerConfig.Schema schema) {
    return CostModel.of(schema.model())
        .withDefaultListSize(schema.defaultListSize())
        .withFragmentSpreads(schema.fragmentSpreads());
  }

  private static BudgetLedger ledger(ServerConfig.Gateway gateway) {
    return switch (gateway.budgetStore()) {
      case MEMORY -> new InMemoryBudgetLedger(InstantSource.system());
      case REDIS -> new RedisBudgetLedger(Objects.requireNonNull(gateway.redisUrl()), InstantSource.system());
    };
  }

  private static Upstream upstream(ServerConfig.Upstream upstream, ObjectMapper json) {
    String url = upstream.url();
    return url == null ? new DemoService() : HttpUpstream.of(url, upstream.timeoutMillis(), json);
  }

  /** Answers to registered GET queries: bounded by bytes, kept no longer than the longest max-age. */
  private static ResponseCache responseCache(ServerConfig config, ObjectMapper json) {
    long longestMaxAge = 1;
    for (KeyPolicy policy : policies(config)) {
      longestMaxAge = Math.max(longestMaxAge, policy.cacheMaxAgeSeconds());
    }
    Ticker ticker = Ticker.systemTicker();
    return new ResponseCache(Caffeine.newBuilder()
        .maximumWeight(config.gateway().responseCacheBytes())
        .weigher(ResponseCache::weigh)
        .expireAfterWrite(Duration.ofSeconds(longestMaxAge))
        .ticker(ticker)
        .recordStats()
        .build(), ticker, json);
  }

  private static List<KeyPolicy> policies(ServerConfig config) {
    List<KeyPolicy> policies = new ArrayList<>(config.keys().values());
    policies.add(config.anonymous());
    return policies;
  }

  public int port() {
    return app.port();
  }

  @Override
  public void close() {
    app.stop();
    closer.close();
  }

  private static void printDemoCredentials(int port) {
    System.out.printf("""
        Tollgate embedded demo on http://localhost:%d (H2 in ./%s, cargo schema, in-process demo upstream)
          admin token   %s   (Authorization: Bearer ..., /v1 publish and retire)
          trusted key   %s     (X-API-Key, app %s, registered ids only)
          open key      %s (X-API-Key, any document, analysed)
        """, port, "tollgate-data", DemoConfig.ADMIN_TOKEN, DemoConfig.TRUSTED_KEY, DemoConfig.DEMO_APP,
        DemoConfig.OPEN_KEY);
  }

  /** Closes what start() opened, last first, even when start() fails halfway. */
  private static final class Closer {
    private final Deque<AutoCloseable> opened = new ArrayDeque<>();

    <T> T add(T value) {
      if (value instanceof AutoCloseable closeable) {
        opened.push(closeable);
      }
      return value;
    }

    void close() {
      while (!opened.isEmpty()) {
        try {
          opened.pop().close();
        } catch (Exception e) {
          LOG.warn("error while closing: {}", e.toString());
        }
      }
    }
  }

  /** {@code [--port N] [--data-dir DIR] [--config FILE]}. */
  record ServerArguments(int port, Path dataDir, @Nullable Path configFile) {
    static ServerArguments parse(String[] args) {
      int port = -1;
      Path dataDir = Path.of("tollgate-data");
      Path config = null;
      for (int i = 0; i < args.length; i++) {
        String value = i + 1 < args.length ? args[i + 1] : null;
        switch (args[i]) {
          case "--port" -> port = Integer.parseInt(required(args[i], value));
          case "--data-dir" -> dataDir = Path.of(required(args[i], value));
          case "--config" -> config = Path.of(required(args[i], value));
          default -> throw new IllegalArgumentException("unknown argument: " + args[i]
              + " (usage: [--port N] [--data-dir DIR] [--config FILE] | price ...)");
        }
        i++;
      }
      return new ServerArguments(port, dataDir, config);
    }

    private static String required(String flag, @Nullable String value) {
      if (value == null) {
        throw new IllegalArgumentException(flag + " needs a value");
      }
      return value;
    }
  }
}
