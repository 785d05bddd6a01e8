package dev.tollgate.registry;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.http.AdminToken;
import dev.tollgate.registry.http.AuditRoutes;
import dev.tollgate.registry.http.CalibrationRoutes;
import dev.tollgate.registry.http.ConsoleRoutes;
import dev.tollgate.registry.http.GatewayRoutes;
import dev.tollgate.registry.http.HttpErrors;
import dev.tollgate.registry.http.HttpSettings;
import dev.tollgate.registry.http.JettyBounds;
import dev.tollgate.registry.http.KeyRoutes;
import dev.tollgate.registry.http.OperatorRoutes;
import dev.tollgate.registry.http.OpsRoutes;
import dev.tollgate.registry.http.RegistryFeedRoutes;
import dev.tollgate.registry.http.RegistryMeasurementRoutes;
import dev.tollgate.registry.http.RegistryRoutes;
import dev.tollgate.registry.http.SchemaRoutes;
import dev.tollgate.registry.http.TokenRoutes;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricelist.PriceList;
import dev.tollgate.registry.schema.ActiveSchema;
import dev.tollgate.registry.schema.SchemaVersion;
import io.javalin.Javalin;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/** The HTTP part of the wiring: every route group, on one Javalin app bounded by the config. */
final class HttpWiring {

  private HttpWiring() {}

  /**
   * The app, not started yet.
   *
   * @param sampling how often the request rates are sampled, for the operator API
   */
  static Javalin app(
      ServerConfig config,
      RegistryWiring registry,
      GatewayServices services,
      GatewayMetrics metrics,
      ObjectMapper json,
      Duration sampling,
      InstantSource clock) {
    HttpSettings http = config.http();
    List<AdminToken> tokens = config.adminTokens();
    List<KeyPolicy> policies = config.policies();
    GatewayRoutes gateway =
        new GatewayRoutes(services.gateway(), http.maxBodyBytes(), config.gateway());
    RegistryRoutes registryRoutes =
        new RegistryRoutes(
            registry.publisher(),
            registry.store(),
            priceLists(registry.active(), policies),
            tokens,
            http.maxBodyBytes(),
            registry.calibration(),
            config.registry().retireProtectionDays());
    RegistryFeedRoutes feed =
        new RegistryFeedRoutes(
            registry.store(), () -> registry.active().version().fingerprint(), tokens);
    RegistryMeasurementRoutes reported =
        new RegistryMeasurementRoutes(
            registry.store().measurements(), registry.calibration(), tokens, http.maxBodyBytes());
    CalibrationRoutes measured = new CalibrationRoutes(registry.calibration(), tokens);
    SchemaRoutes schemaRoutes = new SchemaRoutes(registry.schemas(), tokens, http.maxBodyBytes());
    OpsRoutes ops = new OpsRoutes(metrics, services.catalog()::activeCount);
    OperatorRoutes operator =
        new OperatorRoutes(services.admission(), policies, metrics, sampling, tokens);
    KeyRoutes keys =
        new KeyRoutes(registry.store().keys(), policies, tokens, http.maxBodyBytes(), clock);
    TokenRoutes tokenRoutes =
        new TokenRoutes(
            registry.store().tokens(), registry.tokens(), tokens, http.maxBodyBytes(), clock);
    AuditRoutes audit = new AuditRoutes(registry.store().audit(), tokens);
    ConsoleRoutes console = new ConsoleRoutes();
    return Javalin.create(
        javalin -> {
          javalin.http.maxRequestSize = http.maxBodyBytes();
          javalin.startup.showJavalinBanner = false;
          HttpErrors.register(javalin);
          JettyBounds.apply(javalin, http, services.gateway());
          // first: Javalin tries a request's path against each route of its method in the order
          // they were added, so /graphql is found before the /v1 routes' patterns are tried
          gateway.register(javalin);
          registryRoutes.register(javalin);
          feed.register(javalin);
          reported.register(javalin);
          measured.register(javalin);
          schemaRoutes.register(javalin);
          ops.register(javalin);
          operator.register(javalin);
          keys.register(javalin);
          tokenRoutes.register(javalin);
          audit.register(javalin);
          console.register(javalin);
        });
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
}
