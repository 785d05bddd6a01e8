package dev.tollgate.graphqljava;

import dev.tollgate.registry.admission.AdmissionSettings;
import dev.tollgate.registry.admission.BudgetLedger;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.CostModel;
import graphql.schema.GraphQLSchema;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What differs from the defaults, for {@link TollgateGraphQL#newTollgate}; {@link #build()} reads
 * the registry's index once.
 */
public final class TollgateGraphQLBuilder {

  /** How often usage and measurements go to the registry by default. */
  public static final Duration DEFAULT_MEASUREMENT_FLUSH = Duration.ofSeconds(5);

  final GraphQLSchema schema;
  final RegistryReader reader;
  CostModel model = CostModel.book();
  final Map<String, KeyPolicy> keys = new LinkedHashMap<>();
  final Map<String, KeyPolicy> policies = new LinkedHashMap<>();
  KeyPolicy anonymous = KeyPolicy.newPolicy(KeyPolicy.ANONYMOUS).build();
  @Nullable BudgetLedger ledger;
  AdmissionSettings settings = AdmissionSettings.DEFAULTS;
  CallerResolver callers = CallerResolver.fromContext();
  int documentCacheSize = 10_000;
  long openCacheBytes = AdmissionSettings.OPEN_CACHE_BYTES;
  long openTextCacheBytes = AdmissionSettings.OPEN_TEXT_CACHE_BYTES;
  @Nullable Duration refreshEvery;
  int expectedInstances = 1;
  @Nullable String schemaSdl;
  Duration measurementFlush = DEFAULT_MEASUREMENT_FLUSH;

  TollgateGraphQLBuilder(GraphQLSchema schema, RegistryReader reader) {
    this.schema = Objects.requireNonNull(schema, "schema");
    this.reader = Objects.requireNonNull(reader, "reader");
  }

  /** The cost model the registry priced with; default the book's. */
  public TollgateGraphQLBuilder costModel(CostModel model) {
    this.model = model;
    return this;
  }

  /** The policy of callers presenting {@code apiKey}. */
  public TollgateGraphQLBuilder key(String apiKey, KeyPolicy policy) {
    keys.put(apiKey, policy);
    return this;
  }

  /**
   * A policy that keys issued at runtime on the registry may name ({@code POST /v1/keys} with
   * {@code {"policy": NAME}}), by its name, beside the policies of {@link #key}; the registry's
   * policy of that name should hold the same settings. A key naming a policy this instance does not
   * know is refused, with a warning.
   *
   * @throws IllegalArgumentException for the anonymous policy, which no key selects
   */
  public TollgateGraphQLBuilder policy(KeyPolicy policy) {
    if (policy.name().equals(KeyPolicy.ANONYMOUS)) {
      throw new IllegalArgumentException("no key selects the anonymous policy");
    }
    policies.put(policy.name(), policy);
    return this;
  }

  /** The policies keys issued at runtime may name: {@link #policy}'s, then those of the keys. */
  Map<String, KeyPolicy> policiesByName() {
    Map<String, KeyPolicy> byName = new LinkedHashMap<>(policies);
    for (KeyPolicy policy : keys.values()) {
      if (!policy.name().equals(KeyPolicy.ANONYMOUS)) {
        byName.putIfAbsent(policy.name(), policy);
      }
    }
    return Map.copyOf(byName);
  }

  /**
   * The policy of callers presenting no key; default a trusted policy of no app, which runs
   * nothing.
   */
  public TollgateGraphQLBuilder anonymous(KeyPolicy policy) {
    this.anonymous = policy;
    return this;
  }

  /**
   * Where budgets are charged; default token buckets in this process. Pass tollgate-redis's ledger
   * to share budgets with gateways and other instances: while it cannot be reached, each policy's
   * {@code budget.onStoreFailure} decides, as in the gateway ({@code local}: an in-process bucket
   * of 1/{@link #expectedInstances} of the budget; {@code deny}: {@code BUDGET_STORE_UNAVAILABLE}
   * with {@code retryAfter}, nothing runs).
   */
  public TollgateGraphQLBuilder ledger(BudgetLedger ledger) {
    this.ledger = ledger;
    return this;
  }

  /**
   * How many instances (gateways and in-process servers) share the budget store: while it cannot be
   * reached, a {@code local} policy gets this share of its budget here; default 1.
   *
   * @throws IllegalArgumentException when not positive
   */
  public TollgateGraphQLBuilder expectedInstances(int instances) {
    if (instances < 1) {
      throw new IllegalArgumentException("expected instances must be positive: " + instances);
    }
    this.expectedInstances = instances;
    return this;
  }

  /**
   * The SDL text the executable schema was built from (the text published to the registry, byte for
   * byte, when it is the same schema): its fingerprint, with the cost model, is compared with the
   * registry's active schema at start and on each change, and named in the log when a registered
   * document does not validate against this schema. Default none: the comparison is not made, the
   * documents are still validated.
   */
  public TollgateGraphQLBuilder schemaSdl(String sdl) {
    this.schemaSdl = Objects.requireNonNull(sdl, "sdl");
    return this;
  }

  /** The gateway-wide settings admission reads; default the gateway's defaults. */
  public TollgateGraphQLBuilder settings(AdmissionSettings settings) {
    this.settings = settings;
    return this;
  }

  /** Who is calling; default {@link CallerResolver#fromContext()}. */
  public TollgateGraphQLBuilder callers(CallerResolver callers) {
    this.callers = callers;
    return this;
  }

  /**
   * How many registered documents are kept with restored prices, parsed documents and actual-cost
   * plans (each); default 10,000.
   *
   * @throws IllegalArgumentException when not positive
   */
  public TollgateGraphQLBuilder documentCacheSize(int size) {
    if (size <= 0) {
      throw new IllegalArgumentException("document cache size must be positive: " + size);
    }
    this.documentCacheSize = size;
    return this;
  }

  /**
   * Reloads the index of registered documents every {@code interval} when the reader's {@code
   * latestChangeId} moved (on a daemon thread, until {@link TollgateGraphQL#close()}); default
   * never: call {@link TollgateGraphQL#refresh()}. With an {@link HttpRegistry}, whose change id is
   * a field read, 100 ms keeps a publication or a retirement under 1 s.
   */
  public TollgateGraphQLBuilder refreshEvery(Duration interval) {
    if (interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("refresh interval must be positive: " + interval);
    }
    this.refreshEvery = interval;
    return this;
  }

  /**
   * How often the usage per document and the calibration measurements counted here are sent to the
   * registry this instance follows ({@code POST /v1/registry/measurements}), when the reader is an
   * {@link HttpRegistry}; default {@link #DEFAULT_MEASUREMENT_FLUSH}. Zero counts nothing and sends
   * nothing.
   *
   * @throws IllegalArgumentException when negative
   */
  public TollgateGraphQLBuilder measurementFlush(Duration interval) {
    if (interval.isNegative()) {
      throw new IllegalArgumentException(
          "measurement flush interval must not be negative: " + interval);
    }
    this.measurementFlush = interval;
    return this;
  }

  /** Builds the hooks; reads the registry's index of active documents once. */
  public TollgateGraphQL build() {
    return new TollgateGraphQL(this);
  }
}
