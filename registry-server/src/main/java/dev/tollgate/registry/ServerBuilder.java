package dev.tollgate.registry;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.BudgetLedger;
import dev.tollgate.registry.admission.FallbackBudgetLedger;
import dev.tollgate.registry.admission.InMemoryBudgetLedger;
import dev.tollgate.registry.admission.OpenCaches;
import dev.tollgate.registry.admission.RedisBudgetLedger;
import dev.tollgate.registry.calibration.Calibration;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.RegisteredDocument;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.config.SchemaSource;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.demo.DemoManifest;
import dev.tollgate.registry.demo.DemoService;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.gateway.Gateway;
import dev.tollgate.registry.http.CalibrationRoutes;
import dev.tollgate.registry.http.ConsoleRoutes;
import dev.tollgate.registry.http.GatewayRoutes;
import dev.tollgate.registry.http.HttpErrors;
import dev.tollgate.registry.http.JettyBounds;
import dev.tollgate.registry.http.OperatorRoutes;
import dev.tollgate.registry.http.OpsRoutes;
import dev.tollgate.registry.http.RegistryRoutes;
import dev.tollgate.registry.http.SchemaRoutes;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricelist.PriceList;
import dev.tollgate.registry.pricing.CompiledPrice;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.publish.Publisher;
import dev.tollgate.registry.schema.ActiveSchema;
import dev.tollgate.registry.schema.SchemaInput;
import dev.tollgate.registry.schema.SchemaRegistry;
import dev.tollgate.registry.schema.SchemaVersion;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.upstream.HttpUpstream;
import dev.tollgate.registry.upstream.Upstream;
import io.javalin.Javalin;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the application from a config, with overrides for what a test or a benchmark replaces.
 * Unless overridden: the system clock and ticker, the upstream of {@code config.upstream()} (the
 * in-process demo when it has no URL), a store opened on {@code config.store()} (and closed with
 * the server), and the gateway reading its documents from that store.
 */
public final class ServerBuilder {

  private static final Logger LOG = LoggerFactory.getLogger(RegistryServer.class);
  private static final int CATALOG_SIZE = 200_000;
  private static final Duration REQUEST_SAMPLING = Duration.ofSeconds(10);

  private final ServerConfig config;
  private InstantSource clock = InstantSource.system();
  private Ticker ticker = Ticker.systemTicker();
  private @Nullable Upstream upstream;
  private @Nullable RegistryStore store;
  private @Nullable OperationPricer pricer;
  private @Nullable RegistryReader documents;
  private @Nullable Function<String, CompiledPrice> restorer;
  private int catalogSize = CATALOG_SIZE;
  private @Nullable BudgetLedger ledger;
  private boolean activateSchema;

  ServerBuilder(ServerConfig config) {
    this.config = config;
  }

  /** The clock of the store's timestamps and of the budgets' refills. */
  public ServerBuilder clock(InstantSource clock) {
    this.clock = clock;
    return this;
  }

  /** The clock of the caches' expiry and of cached answers' ages. */
  public ServerBuilder ticker(Ticker ticker) {
    this.ticker = ticker;
    return this;
  }

  /** Where admitted operations go. */
  public ServerBuilder upstream(Upstream upstream) {
    this.upstream = upstream;
    return this;
  }

  /** An open store, used instead of opening one on {@code config.store()}; its caller closes it. */
  public ServerBuilder store(RegistryStore store) {
    this.store = store;
    return this;
  }

  /**
   * The pricer of registrations and open-mode requests, instead of one for {@code config.schema()}.
   */
  public ServerBuilder pricer(OperationPricer pricer) {
    this.pricer = pricer;
    return this;
  }

  /**
   * Where the gateway reads registered documents, instead of the store, and how it reads their
   * stored prices back (the pricer's {@code restore} by default).
   */
  public ServerBuilder documents(RegistryReader reader, Function<String, CompiledPrice> restorer) {
    this.documents = reader;
    this.restorer = restorer;
    return this;
  }

  /**
   * The budget ledger, instead of the one {@code config.gateway().budgetStore()} names; its caller
   * closes it.
   */
  public ServerBuilder ledger(BudgetLedger ledger) {
    this.ledger = ledger;
    return this;
  }

  /**
   * Whether the config's schema is activated at start when the registry's active schema differs
   * ({@code --activate-schema}); otherwise the registry's is kept and the difference logged.
   */
  public ServerBuilder activateSchema(boolean activate) {
    this.activateSchema = activate;
    return this;
  }

  /** How many documents the gateway's catalog keeps with their prices restored (200,000). */
  public ServerBuilder catalogSize(int catalogSize) {
    this.catalogSize = catalogSize;
    return this;
  }

  /** Builds everything and starts listening on {@code config.http()}'s host and port. */
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
   * The gateway's services alone, without HTTP and without a store: needs {@link #documents}. For
   * benchmarks that call admission in-process.
   */
  public GatewayServices services() {
    if (documents == null || restorer == null) {
      throw new IllegalStateException(
          "services() reads documents from documents(..), not from a store");
    }
    Closer closer = new Closer();
    try {
      GatewayMetrics metrics = closer.add(new GatewayMetrics());
      OperationPricer fixed = pricer();
      Calibration calibration = new Calibration(null, () -> fixed, clock);
      return services(
          closer, () -> fixed, documents, restorer, metrics, new ObjectMapper(), calibration);
    } catch (RuntimeException e) {
      closer.close();
      throw e;
    }
  }

  private RegistryServer start(Closer closer) {
    ObjectMapper json = new ObjectMapper();
    SchemaSource schema = SchemaSource.load(config.schema().path());
    PortProbe port =
        closer.add(
            PortProbe.reserve(ListenAddress.check(config.http().host()), config.http().port()));
    GatewayMetrics metrics = closer.add(new GatewayMetrics(clock));
    metrics.startSampling(REQUEST_SAMPLING);
    RegistryStore store =
        this.store != null
            ? this.store
            : closer.add(RegistryStore.open(config.store(), clock, metrics.registry()));
    SchemaRegistry schemas =
        SchemaRegistry.start(
            store, policies(config), schemaInput(schema, config.schema()), pricer, activateSchema);
    ActiveSchema active = schemas.active();
    Publisher publisher =
        new Publisher(
            store,
            () -> {
              SchemaVersion version = active.version();
              return new Publisher.PricingSchema(version.pricer(), version.fingerprint());
            },
            policies(config),
            config.registry()::isSnapshot);
    if (config.demo().publishDemoManifest()) {
      DemoManifest.publish(publisher);
    }
    Calibration calibration = closer.add(new Calibration(store, active::pricer, clock));
    GatewayServices services =
        services(
            closer,
            active::pricer,
            documents == null ? store : documents,
            restorer == null ? serialized -> active.pricer().restore(serialized) : restorer,
            metrics,
            json,
            calibration);
    calibration.startFlushing(Duration.ofMillis(config.gateway().measurementFlushMillis()));
    services
        .catalog()
        .beforeRefresh(
            () -> {
              if (schemas.sync()) {
                services.documents().invalidateAll();
                services.admission().openAnalysisCache().invalidateAll();
                calibration.schemaChanged();
              }
            });
    store.addChangeListener(services.catalog()::refresh);
    GatewayRoutes gateway =
        new GatewayRoutes(services.gateway(), json, config.http().maxBodyBytes());
    RegistryRoutes registry =
        new RegistryRoutes(
            publisher,
            store,
            priceLists(active, policies(config)),
            config.adminTokens(),
            config.http().maxBodyBytes(),
            calibration::usage);
    CalibrationRoutes measured = new CalibrationRoutes(calibration, config.adminTokens());
    SchemaRoutes schemaRoutes =
        new SchemaRoutes(schemas, config.adminTokens(), config.http().maxBodyBytes());
    OpsRoutes ops = new OpsRoutes(metrics, services.catalog()::activeCount);
    OperatorRoutes operator =
        new OperatorRoutes(
            services.admission(),
            policies(config),
            metrics,
            REQUEST_SAMPLING,
            config.adminTokens());
    ConsoleRoutes console = new ConsoleRoutes();
    Javalin app =
        Javalin.create(
            javalin -> {
              javalin.http.maxRequestSize = config.http().maxBodyBytes();
              javalin.startup.showJavalinBanner = false;
              HttpErrors.register(javalin);
              JettyBounds.apply(javalin, config.http(), services.gateway());
              registry.register(javalin);
              measured.register(javalin);
              schemaRoutes.register(javalin);
              gateway.register(javalin);
              ops.register(javalin);
              operator.register(javalin);
              console.register(javalin);
            });
    port.close();
    try {
      app.start(config.http().host(), config.http().port());
    } catch (RuntimeException e) {
      throw PortProbe.describe(config.http().port(), e);
    }
    metrics.bindJetty(app.jettyServer().server());
    LOG.debug(
        "Tollgate listening on port {} ({} active documents, schema {}, {} model)",
        app.port(),
        services.catalog().activeCount(),
        config.schema().path() == null ? "bundled cargo demo" : config.schema().path(),
        config.schema().model().name().toLowerCase(java.util.Locale.ROOT));
    return new RegistryServer(app, services.catalog(), closer);
  }

  private GatewayServices services(
      Closer closer,
      Supplier<OperationPricer> pricer,
      RegistryReader reader,
      Function<String, CompiledPrice> restorer,
      GatewayMetrics metrics,
      ObjectMapper json,
      Calibration calibration) {
    Cache<DocumentHash, RegisteredDocument> documents =
        Caffeine.newBuilder().maximumSize(catalogSize).ticker(ticker).recordStats().build();
    metrics.monitor(documents, "catalog");
    DocumentCatalog catalog =
        closer.add(new DocumentCatalog(metrics.countingReads(reader), restorer, documents));
    catalog.startPolling(Duration.ofMillis(config.gateway().refreshMillis()));
    BudgetLedger budgets =
        ledger != null ? ledger : closer.add(ledger(config.gateway(), clock, metrics));
    AdmissionController admission =
        new AdmissionController(
            catalog,
            pricer,
            OpenCaches.weighed(
                Caffeine.newBuilder()
                    .maximumWeight(config.gateway().openCacheBytes())
                    .ticker(ticker)
                    .recordStats(),
                Caffeine.newBuilder()
                    .maximumWeight(config.gateway().openTextCacheBytes())
                    .ticker(ticker)
                    .recordStats()),
            budgets,
            config.gateway().admission());
    metrics.monitor(admission.openAnalysisCache(), "open_analyses");
    metrics.monitor(admission.openTextCache(), "open_texts");
    Gateway gateway =
        new Gateway(
            admission,
            upstream == null ? configuredUpstream(config.upstream(), json) : upstream,
            responseCache(config, ticker),
            ticker,
            metrics,
            config,
            json,
            calibration.meter(
                Caffeine.newBuilder().maximumSize(catalogSize).ticker(ticker).recordStats(),
                metrics,
                config.gateway().actualCost()));
    metrics.monitor(gateway.responseCache(), "responses");
    return new GatewayServices(catalog, documents, admission, gateway, closer);
  }

  private OperationPricer pricer() {
    if (pricer != null) {
      return pricer;
    }
    return new OperationPricer(
        SchemaSource.load(config.schema().path()).schema(), costModel(config.schema()));
  }

  private static SchemaInput schemaInput(SchemaSource source, ServerConfig.Schema schema) {
    return new SchemaInput(
        source.text(), schema.model(), schema.defaultListSize(), schema.fragmentSpreads());
  }

  /** The active schema's price list, built once per schema. */
  private static Supplier<PriceList> priceLists(ActiveSchema active, List<KeyPolicy> policies) {
    AtomicReference<@Nullable BuiltPriceList> built = new AtomicReference<>();
    return () -> {
      SchemaVersion version = active.version();
      BuiltPriceList list = built.get();
      if (list == null || !list.fingerprint().equals(version.fingerprint())) {
        list =
            new BuiltPriceList(
                version.fingerprint(),
                PriceList.of(version.pricer().schema(), version.pricer().model(), policies));
        built.set(list);
      }
      return list.priceList();
    };
  }

  private record BuiltPriceList(String fingerprint, PriceList priceList) {}

  private static CostModel costModel(ServerConfig.Schema schema) {
    return CostModel.of(schema.model())
        .withDefaultListSize(schema.defaultListSize())
        .withFragmentSpreads(schema.fragmentSpreads());
  }

  private static BudgetLedger ledger(
      ServerConfig.Gateway gateway, InstantSource clock, GatewayMetrics metrics) {
    return switch (gateway.budgetStore()) {
      case MEMORY -> new InMemoryBudgetLedger(clock);
      case REDIS ->
          new FallbackBudgetLedger(
              new RedisBudgetLedger(Objects.requireNonNull(gateway.redisUrl()), clock),
              gateway.expectedInstances(),
              clock,
              metrics::budgetStoreFailure);
    };
  }

  private static Upstream configuredUpstream(ServerConfig.Upstream upstream, ObjectMapper json) {
    String url = upstream.url();
    return url == null
        ? new DemoService()
        : HttpUpstream.of(url, upstream.timeoutMillis(), upstream.maxResponseBytes(), json);
  }

  /**
   * Bounds of the answers to registered GET queries: by bytes, kept no longer than the longest
   * max-age.
   */
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
}
