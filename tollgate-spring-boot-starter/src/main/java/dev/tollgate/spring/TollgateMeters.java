package dev.tollgate.spring;

import dev.tollgate.graphqljava.HttpRegistry;
import dev.tollgate.graphqljava.TollgateGraphQL;
import dev.tollgate.registry.catalog.RegistryReader;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Tollgate's meters in the application's Micrometer registries (Spring Boot Actuator's, or any
 * {@link MeterRegistry} bean): how stale the registry's state is, which change it is at, how many
 * documents it holds, and the charges the shared budget store did not take.
 */
final class TollgateMeters {

  private final RegistryReader reader;
  private final TollgateHooks hooks;

  TollgateMeters(RegistryReader reader, TollgateHooks hooks) {
    this.reader = reader;
    this.hooks = hooks;
  }

  /** Registers the meters in {@code meters}. */
  void bindTo(MeterRegistry meters) {
    if (reader instanceof HttpRegistry registry) {
      Gauge.builder("tollgate.registry.staleness", registry, r -> r.staleness().toMillis() / 1000.0)
          .description(
              "seconds since the registry was last known current (0 while its feed is followed)")
          .baseUnit("seconds")
          .register(meters);
      Gauge.builder("tollgate.registry.change", registry, HttpRegistry::registryChangeId)
          .description("the registry's change id of the snapshot held")
          .register(meters);
    }
    Gauge.builder("tollgate.registry.documents", reader, r -> r.activeDocumentApps().size())
        .description("registered documents held (active in any app this instance follows)")
        .register(meters);
    FunctionCounter.builder("tollgate.budget.store.failures", hooks, TollgateMeters::failures)
        .description(
            "charges the shared budget store did not take (each answered by the policy's on-store-failure)")
        .register(meters);
  }

  private static double failures(TollgateHooks hooks) {
    try {
      TollgateGraphQL tollgate = hooks.tollgate();
      return tollgate.budgetStoreFailures();
    } catch (IllegalStateException notBuiltYet) {
      return 0;
    }
  }
}
