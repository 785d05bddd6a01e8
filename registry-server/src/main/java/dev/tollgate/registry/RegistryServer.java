package dev.tollgate.registry;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.BudgetLedger;
import dev.tollgate.registry.admission.InMemoryBudgetLedger;
import dev.tollgate.registry.admission.RedisBudgetLedger;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.RegisteredDocument;
import dev.tollgate.registry.config.ConfigLoader;
import dev.tollgate.registry.config.KeyPolicy;
import dev.tollgate.registry.config.SchemaSource;
import dev.tollgate.registry.demo.DemoManifest;
import dev.tollgate.registry.demo.DemoService;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.gateway.Gateway;
import dev.tollgate.registry.http.GatewayRoutes;
import dev.tollgate.registry.http.OpsRoutes;
import dev.tollgate.registry.http.RegistryRoutes;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.pricelist.PriceList;
import dev.tollgate.registry.pricing.CompiledPrice;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.publish.Publisher;
import dev.tollgate.registry.store.RegistryReader;
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
import java.util.function.Function;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.http.HttpErrors;
import io.javalin.Javalin;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The wiring: the only place that builds the store, the caches and the services, and passes them
 * through constructors. {@code main} starts the server (the embedded demo with no arguments) or
 * runs the {@code price} command. {@link #builder} builds the same application with overrides (a
 * clock, a ticker, an upstream, a store, the documents' reader), so that tests and benchmarks run
 * this wiring instead of a copy of it.
 */
public final class RegistryServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(RegistryServer.class);

  private static final int CATALOG_SIZE = 200_000;

  private final Javalin app;
  private final DocumentCatalog catalog;
  private final Closer closer;

  private RegistryServer(Javalin app, DocumentCatalog catalog, Closer closer) {
    this.app = app;
    this.catalog = catalog;
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
    return builder(config).start();
  }

  /** The application of {@code config}, with what {@link Builder} overrides. */
  public static Builder builder(ServerConfig config) {
    return new Builder(config);
  }

  /**
   * Builds the application from a config, with overrides for what a test or a benchmark replaces.
   * Unless overridden: the system clock and ticker, the upstream of {@code config.upstream()} (the
   * in-process demo when it has no URL), a store opened on {@code config.store()} (and closed with
   * the server), and the gateway reading its documents from that store.
   */
  public static final class Builder {

    private final ServerConfig config;
    private InstantSource clock = InstantSource.system();
    private Ticker ticker = Ticker.systemTicker();
    private @Nullable Upstream upstream;
    private @Nullable RegistryStore store;
    private @Nullable OperationPricer pricer;
    private @Nullable RegistryReader documents;
    private @Nullable Function<String, CompiledPrice> restorer;
    private int catalogSize = CATALOG_SIZE;

    private Builder(ServerConfig config) {
      this.config = config;
    }

    /** The clock of the store's timestamps and of the budgets' refills. */
    public Builder clock(InstantSource clock) {
      this.clock = clock;
      return this;
    }

    /** The clock of the caches' expiry and of cached answers' ages. */
    public Builder ticker(Ticker ticker) {
      this.ticker = ticker;
      return this;
    }

    /** Where admitted operations go. */
    public Builder upstream(Upstream upstream) {
      this.upstream = upstream;
      return this;
    }

    /** An open store, used instead of opening one on {@code config.store()}; its caller closes it. */
    public Builder store(RegistryStore store) {
      this.store = store;
      return this;
    }

    /** The pricer of registrations and open-mode requests, instead of one for {@code config.schema()}. */
    public Builder pricer(OperationPricer pricer) {
      this.pricer = pricer;
      return this;
    }

    /**
     * Where the gateway reads registered documents, instead of the store, and how it reads their
     * stored prices back (the pricer's {@code restore} by default).
     */
    public Builder documents(RegistryReader reader, Function<String, CompiledPrice> restorer) {
      this.documents = reader;
      this.restorer = restorer;
      return this;
    }

    /** How many documents the gateway's catalog keeps with their prices restored (200,000). */
    public Builder catalogSize(int catalogSize) {
      this.catalogSize = catalogSize;
      return this;
    }

    /** Builds everything and starts listening on {@code config.http().port()}. */
    public RegistryServer start() {
      Closer closer = new Closer();
      try {
        return start(closer);
      } catch (RuntimeException e) {
        closer.close();
        throw e;
      }
    }

    /**
     * The gateway's services alone, without HTTP and without a store: needs {@link #documents}.
     * For benchmarks that call admission in-process.
     */
    public Services services() {
      if (documents == null || restorer == null) {
        throw new IllegalStateException("services() reads documents from documents(..), not from a store");
      }
      Closer closer = new Closer();
      try {
        GatewayMetrics metrics = closer.add(new GatewayMetrics());
        return services(closer, pricer(), documents, restorer, metrics, new ObjectMapper());
      } catch (RuntimeException e) {
        closer.close();
        throw e;
      }
    }

    private RegistryServer start(Closer closer) {
      ObjectMapper json = new ObjectMapper();
      SchemaSource schema = SchemaSource.load(config.schema().path());
      OperationPricer pricer = this.pricer != null ? this.pricer
          : new OperationPricer(schema.schema(), costModel(config.schema()));
      GatewayMetrics metrics = closer.add(new GatewayMetrics());
      RegistryStore store = this.store != null ? this.store
          : closer.add(RegistryStore.open(config.store(), clock, metrics.registry()));
      Publisher publisher = new Publisher(store, pricer, schema.fingerprint());
      if (config.demo().publishDemoManifest()) {
        DemoManifest.publish(publisher);
      }
      Services services = services(closer, pricer, documents == null ? store : documents,
          restorer == null ? pricer::restore : restorer, metrics, json);
      store.addChangeListener(services.catalog()::refresh);
      GatewayRoutes gateway = new GatewayRoutes(services.gateway(), json, config.http().maxBodyBytes());
      RegistryRoutes registry = new RegistryRoutes(publisher, store,
          PriceList.of(pricer.schema(), pricer.model(), policies(config)), config.adminTokens(),
          config.http().maxBodyBytes());
      OpsRoutes ops = new OpsRoutes(metrics, services.catalog()::activeCount);
      Javalin app = Javalin.create(javalin -> {
        javalin.http.maxRequestSize = config.http().maxBodyBytes();
        javalin.startup.showJavalinBanner = false;
        HttpErrors.register(javalin);
        registry.register(javalin);
        gateway.register(javalin);
        ops.register(javalin);
      });
      app.start(config.http().port());
      metrics.bindJetty(app.jettyServer().server());
      LOG.info("Tollgate listening on port {} ({} active documents, schema {}, {} model)", app.port(),
          services.catalog().activeCount(),
          config.schema().path() == null ? "bundled cargo demo" : config.schema().path(),
          config.schema().model().name().toLowerCase(java.util.Locale.ROOT));
      return new RegistryServer(app, services.catalog(), closer);
    }

    private Services services(Closer closer, OperationPricer pricer, RegistryReader reader,
        Function<String, CompiledPrice> restorer, GatewayMetrics metrics, ObjectMapper json) {
      Cache<DocumentHash, RegisteredDocument> documents =
          Caffeine.newBuilder().maximumSize(catalogSize).ticker(ticker).recordStats().build();
      metrics.monitor(documents, "catalog");
      DocumentCatalog catalog = closer.add(new DocumentCatalog(metrics.countingReads(reader), restorer, documents));
      catalog.startPolling(Duration.ofMillis(config.gateway().refreshMillis()));
      BudgetLedger ledger = closer.add(ledger(config.gateway(), clock));
      AdmissionController admission = new AdmissionController(catalog, pricer,
          Caffeine.newBuilder().maximumSize(config.gateway().openCacheSize()).ticker(ticker).recordStats(),
          ledger, config.gateway());
      metrics.monitor(admission.openAnalysisCache(), "open_analyses");
      Gateway gateway = new Gateway(admission, upstream == null ? configuredUpstream(config.upstream(), json) : upstream,
          responseCache(config, ticker), ticker, metrics, config, json);
      metrics.monitor(gateway.responseCache(), "responses");
      return new Services(catalog, documents, admission, gateway, metrics, closer);
    }

    private OperationPricer pricer() {
      if (pricer != null) {
        return pricer;
      }
      return new OperationPricer(SchemaSource.load(config.schema().path()).schema(), costModel(config.schema()));
    }
  }

  /**
   * The gateway's services as the server wires them, without HTTP: its catalog (and the catalog's
   * document cache), admission, the gateway itself and its metrics. Closing stops the catalog's
   * polling.
   */
  public static final class Services implements AutoCloseable {
    private final DocumentCatalog catalog;
    private final Cache<DocumentHash, RegisteredDocument> documents;
    private final AdmissionController admission;
    private final Gateway gateway;
    private final GatewayMetrics metrics;
    private final Closer closer;

    private Services(DocumentCatalog catalog, Cache<DocumentHash, RegisteredDocument> documents,
        AdmissionController admission, Gateway gateway, GatewayMetrics metrics, Closer closer) {
      this.catalog = catalog;
      this.documents = documents;
      this.admission = admission;
      this.gateway = gateway;
      this.metrics = metrics;
      this.closer = closer;
    }

    public DocumentCatalog catalog() {
      return catalog;
    }

    /** The catalog's cache of documents with restored prices, for its size and statistics. */
    public Cache<DocumentHash, RegisteredDocument> documents() {
      return documents;
    }

    public AdmissionController admission() {
      return admission;
    }

    public Gateway gateway() {
      return gateway;
    }

    public GatewayMetrics metrics() {
      return metrics;
    }

    @Override
    public void close() {
      closer.close();
    }
  }

  private static CostModel costModel(ServerConfig.Schema schema) {
    return CostModel.of(schema.model())
        .withDefaultListSize(schema.defaultListSize())
        .withFragmentSpreads(schema.fragmentSpreads());
  }

  private static BudgetLedger ledger(ServerConfig.Gateway gateway, InstantSource clock) {
    return switch (gateway.budgetStore()) {
      case MEMORY -> new InMemoryBudgetLedger(clock);
      case REDIS -> new RedisBudgetLedger(Objects.requireNonNull(gateway.redisUrl()), clock);
    };
  }

  private static Upstream configuredUpstream(ServerConfig.Upstream upstream, ObjectMapper json) {
    String url = upstream.url();
    return url == null ? new DemoService() : HttpUpstream.of(url, upstream.timeoutMillis(), json);
  }

  /** Bounds of the answers to registered GET queries: by bytes, kept no longer than the longest max-age. */
  private static Caffeine<Object, Object> responseCache(ServerConfig config, Ticker ticker) {
    long longestMaxAge = 1;
    for (KeyPolicy policy : policies(config)) {
      longestMaxAge = Math.max(longestMaxAge, policy.cacheMaxAgeSeconds());
    }
    return Caffeine.newBuilder()
        .maximumWeight(config.gateway().responseCacheBytes())
        .expireAfterWrite(Duration.ofSeconds(longestMaxAge))
        .ticker(ticker)
        .recordStats();
  }

  private static List<KeyPolicy> policies(ServerConfig config) {
    List<KeyPolicy> policies = new ArrayList<>(config.keys().values());
    policies.add(config.anonymous());
    return policies;
  }

  public int port() {
    return app.port();
  }

  /**
   * The gateway's catalog of active documents: to reload it at once when its reader changed behind
   * the server's back ({@link Builder#documents}); publications through this server reload it anyway.
   */
  public DocumentCatalog catalog() {
    return catalog;
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
