package dev.tollgate.registry;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.tollgate.registry.admission.BudgetLedger;
import dev.tollgate.registry.calibration.Calibration;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.config.SchemaSource;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.keys.KeySync;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.pricing.CompiledPrice;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.schema.ActiveSchema;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.upstream.Upstream;
import io.javalin.Javalin;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Locale;
import java.util.function.Function;
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
  private static final Duration REQUEST_SAMPLING = Duration.ofSeconds(10);

  private final ServerConfig config;
  private InstantSource clock = InstantSource.system();
  private Ticker ticker = Ticker.systemTicker();
  private @Nullable Upstream upstream;
  private @Nullable RegistryStore store;
  private @Nullable OperationPricer pricer;
  private @Nullable RegistryReader documents;
  private @Nullable Function<String, CompiledPrice> restorer;
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
   * The budget ledger, instead of the one {@code config.budget().budgetStore()} names; its caller
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
      return gateway()
          .services(
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
    RegistryWiring registry =
        RegistryWiring.start(config, schema, closer, store, clock, metrics, pricer, activateSchema);
    ActiveSchema active = registry.active();
    GatewayServices services =
        gateway()
            .services(
                closer,
                active::pricer,
                documents == null ? registry.store() : documents,
                restorer == null ? serialized -> active.pricer().restore(serialized) : restorer,
                metrics,
                json,
                registry.calibration());
    registry.follow(services, config.calibration(), KeySync.byName(config.policies()), closer);
    Javalin app =
        HttpWiring.app(config, registry, services, metrics, json, REQUEST_SAMPLING, clock);
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
        config.schema().model().name().toLowerCase(Locale.ROOT));
    return new RegistryServer(app, services.catalog(), closer);
  }

  private GatewayWiring gateway() {
    return new GatewayWiring(config, clock, ticker, upstream, ledger);
  }

  private OperationPricer pricer() {
    if (pricer != null) {
      return pricer;
    }
    return new OperationPricer(
        SchemaSource.load(config.schema().path()).schema(), config.schema().costModel());
  }
}
