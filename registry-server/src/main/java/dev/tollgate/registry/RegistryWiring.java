package dev.tollgate.registry;

import dev.tollgate.registry.calibration.Calibration;
import dev.tollgate.registry.calibration.CalibrationSettings;
import dev.tollgate.registry.config.SchemaSource;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.demo.DemoManifest;
import dev.tollgate.registry.keys.KeySync;
import dev.tollgate.registry.keys.TokenRing;
import dev.tollgate.registry.keys.TokenSync;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.publish.Publisher;
import dev.tollgate.registry.schema.ActiveSchema;
import dev.tollgate.registry.schema.SchemaInput;
import dev.tollgate.registry.schema.SchemaRegistry;
import dev.tollgate.registry.schema.SchemaSettings;
import dev.tollgate.registry.schema.SchemaVersion;
import dev.tollgate.registry.store.RegistryStore;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The registry's part of the wiring: the store, the schemas with the active one, the publisher and
 * the calibration of measured costs; and how they follow the gateway's catalog.
 */
record RegistryWiring(
    RegistryStore store,
    SchemaRegistry schemas,
    ActiveSchema active,
    Publisher publisher,
    Calibration calibration,
    TokenRing tokens) {

  /**
   * Opens the store on {@code config.store()} unless {@code store} is given, starts the schemas
   * (activating the config's when {@code activateSchema}), and publishes the demo manifest when the
   * config says so.
   *
   * @param pricer the pricer of registrations, instead of one for the active schema; may be null
   */
  static RegistryWiring start(
      ServerConfig config,
      SchemaSource schema,
      Closer closer,
      @Nullable RegistryStore store,
      InstantSource clock,
      GatewayMetrics metrics,
      @Nullable OperationPricer pricer,
      boolean activateSchema) {
    RegistryStore opened =
        store != null
            ? store
            : closer.add(RegistryStore.open(config.store(), clock, metrics.registry()));
    SchemaRegistry schemas =
        SchemaRegistry.start(
            opened,
            config.policies(),
            schemaInput(schema, config.schema()),
            pricer,
            activateSchema);
    ActiveSchema active = schemas.active();
    Publisher publisher =
        new Publisher(
            opened,
            () -> {
              SchemaVersion version = active.version();
              return new Publisher.PricingSchema(version.pricer(), version.fingerprint());
            },
            config.policies(),
            config.registry()::isSnapshot);
    if (config.demo().publishDemoManifest()) {
      DemoManifest.publish(publisher);
    }
    Calibration calibration = closer.add(new Calibration(opened, active::pricer, clock));
    return new RegistryWiring(
        opened, schemas, active, publisher, calibration, new TokenRing(clock));
  }

  /**
   * Starts flushing the measurements, and keeps the gateway in step with the registry: a schema
   * activated elsewhere drops the prices cached for the old one, a publication reloads the catalog,
   * and a key issued, rotated or revoked reloads the keys, a token issued or revoked the admin
   * tokens: all found by the catalog's one poll of the change id ({@code gateway.refreshMillis}).
   *
   * @param policies the config's policies by name, which stored keys name
   */
  void follow(
      GatewayServices services,
      CalibrationSettings settings,
      Map<String, KeyPolicy> policies,
      Closer closer) {
    calibration.startFlushing(
        Duration.ofMillis(settings.measurementFlushMillis()), settings.trafficRetentionDays());
    // one poll (the catalog's) finds every change; the keys and the admin tokens reload after it
    closer.add(new KeySync(store, services.keys(), policies)).start(services.catalog());
    new TokenSync(store, tokens).start(services.catalog());
    services
        .catalog()
        .beforeRefresh(
            () -> {
              calibration.versionsChanged();
              if (schemas.sync()) {
                services.documents().invalidateAll();
                services.admission().openAnalysisCache().invalidateAll();
                calibration.schemaChanged();
              }
            });
    store.addChangeListener(services.catalog()::refresh);
  }

  private static SchemaInput schemaInput(SchemaSource source, SchemaSettings schema) {
    return new SchemaInput(
        source.text(), schema.model(), schema.defaultListSize(), schema.fragmentSpreads());
  }
}
