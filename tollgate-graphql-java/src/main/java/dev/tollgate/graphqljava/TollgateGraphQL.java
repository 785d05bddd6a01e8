package dev.tollgate.graphqljava;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.AdmissionSettings;
import dev.tollgate.registry.admission.BudgetLedger;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.FallbackBudgetLedger;
import dev.tollgate.registry.admission.InMemoryBudgetLedger;
import dev.tollgate.registry.admission.OpenCaches;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.ActualCostPlans;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.SchemaFingerprint;
import graphql.GraphQLContext;
import graphql.execution.instrumentation.Instrumentation;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import graphql.schema.GraphQLSchema;
import java.time.Duration;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;

/**
 * Tollgate's admission inside a graphql-java server. Install both hooks on the {@code GraphQL}
 * builder:
 *
 * <pre>{@code
 * TollgateGraphQL tollgate =
 *     TollgateGraphQL.newTollgate(schema, registryReader)
 *         .key("web-key", webPolicy)
 *         .build();
 * GraphQL graphql =
 *     GraphQL.newGraphQL(schema)
 *         .preparsedDocumentProvider(tollgate.preparsedDocumentProvider())
 *         .instrumentation(tollgate.instrumentation())
 *         .build();
 * }</pre>
 *
 * <p>Each execution is decided as the HTTP gateway decides a request: the caller's policy from
 * {@link CallerResolver}; the document from {@code extensions.persistedQuery.sha256Hash}, a {@code
 * documentId} (in the {@code GraphQLContext} or the extensions; a SHA-256 id or an app's custom id)
 * or the query text; its stored price evaluated with the variables and charged to the caller's
 * budget. A refusal answers with the gateway's codes and messages and runs no data fetcher; after
 * execution the actual cost is measured, refunded when the policy says so, and reported in {@code
 * extensions.cost} and {@code extensions.rateLimit}.
 *
 * <p>The registered documents come from a {@link RegistryReader}; {@link #refresh()} reloads its
 * index after a publication or a retirement. Each is validated against {@code schema} when first
 * looked up: one that does not validate (the registry priced it against another schema) is refused
 * with {@code OPERATION_INVALID_FOR_SCHEMA} before any charge ({@link Builder#schemaSdl}).
 */
public final class TollgateGraphQL implements AutoCloseable {

  private final DocumentCatalog catalog;
  private final AdmissionProvider provider;
  private final CostInstrumentation instrumentation;
  private final ParsedDocuments documents;
  private final LongAdder budgetStoreFailures = new LongAdder();

  private TollgateGraphQL(Builder builder) {
    OperationPricer pricer = new OperationPricer(builder.schema, builder.model);
    SchemaCheckedReader checked =
        new SchemaCheckedReader(
            builder.reader,
            builder.schema,
            builder.schemaSdl == null
                ? null
                : SchemaFingerprint.of(builder.schemaSdl, builder.model),
            Caffeine.newBuilder().maximumSize(builder.documentCacheSize).build());
    checked.compareFingerprints();
    this.catalog =
        new DocumentCatalog(
            checked,
            pricer::restore,
            Caffeine.newBuilder().maximumSize(builder.documentCacheSize).recordStats().build());
    catalog.beforeRefresh(checked::compareFingerprints);
    if (builder.refreshEvery != null) {
      catalog.startPolling(builder.refreshEvery);
    }
    AdmissionController admission =
        new AdmissionController(
            catalog,
            () -> pricer,
            OpenCaches.weighed(
                Caffeine.newBuilder().maximumWeight(builder.openCacheBytes).recordStats(),
                Caffeine.newBuilder().maximumWeight(builder.openTextCacheBytes).recordStats()),
            ledger(builder),
            builder.settings);
    this.documents =
        new ParsedDocuments(
            Caffeine.newBuilder().maximumSize(builder.documentCacheSize).recordStats().build());
    this.provider =
        new AdmissionProvider(
            admission, new Callers(builder.keys, builder.anonymous), builder.callers, documents);
    this.instrumentation =
        new CostInstrumentation(
            admission,
            new ActualCostPlans(
                () -> pricer,
                Caffeine.newBuilder()
                    .maximumSize(builder.documentCacheSize)
                    .recordStats()
                    .build()));
  }

  /**
   * The ledger budgets are charged to: token buckets in this process by default; a shared one
   * (Redis) under each policy's {@code budget.onStoreFailure}, as in the gateway ({@link
   * FallbackBudgetLedger}).
   */
  private BudgetLedger ledger(Builder builder) {
    BudgetLedger given = builder.ledger;
    if (given == null) {
      return new InMemoryBudgetLedger(InstantSource.system());
    }
    if (given instanceof InMemoryBudgetLedger || given instanceof FallbackBudgetLedger) {
      return given;
    }
    return new FallbackBudgetLedger(
        given, builder.expectedInstances, InstantSource.system(), budgetStoreFailures::increment);
  }

  /**
   * A builder over {@code schema}, the executable schema of the {@code GraphQL} instance (with the
   * {@code @cost}/{@code @listSize} price list the registry priced its documents with), and the
   * registered documents {@code reader} serves.
   */
  public static Builder newTollgate(GraphQLSchema schema, RegistryReader reader) {
    return new Builder(schema, reader);
  }

  /** Install with {@code GraphQL.Builder.preparsedDocumentProvider}. */
  public PreparsedDocumentProvider preparsedDocumentProvider() {
    return provider;
  }

  /**
   * Install with {@code GraphQL.Builder.instrumentation} (chained with the application's own, if
   * any). Without the provider it aborts every execution: nothing runs unadmitted.
   */
  public Instrumentation instrumentation() {
    return instrumentation;
  }

  /** Reloads the index of registered documents; call after a publication or a retirement. */
  public void refresh() {
    catalog.refresh();
  }

  /** Stops the polling that {@link Builder#refreshEvery} started, if any. */
  @Override
  public void close() {
    catalog.close();
  }

  /**
   * What Tollgate decided for the execution of {@code context}, once it has answered: the refusal,
   * or the admitted operation settled (measured, refunded) with the caller's balance; {@code null}
   * when nothing was decided (an unknown key, or Tollgate is not installed). An HTTP layer reads it
   * for the answer's headers (the core's {@code answer.Headers}).
   */
  public static @Nullable Decision decision(GraphQLContext context) {
    Admission admission = Admission.in(context);
    return admission == null ? null : admission.decision();
  }

  /**
   * How many charges the shared budget store (Redis) did not take, each answered by the policy's
   * {@code budget.onStoreFailure}; 0 without a shared ledger.
   */
  public long budgetStoreFailures() {
    return budgetStoreFailures.sum();
  }

  /** The cache of parsed and validated documents, by hash, for its statistics. */
  public Cache<?, ?> documentCache() {
    return documents.cache();
  }

  /** What differs from the defaults; {@link #build()} reads the registry's index once. */
  public static final class Builder {
    private final GraphQLSchema schema;
    private final RegistryReader reader;
    private CostModel model = CostModel.book();
    private final Map<String, KeyPolicy> keys = new LinkedHashMap<>();
    private KeyPolicy anonymous = KeyPolicy.newPolicy(KeyPolicy.ANONYMOUS).build();
    private @Nullable BudgetLedger ledger;
    private AdmissionSettings settings = AdmissionSettings.DEFAULTS;
    private CallerResolver callers = CallerResolver.fromContext();
    private int documentCacheSize = 10_000;
    private long openCacheBytes = AdmissionSettings.OPEN_CACHE_BYTES;
    private long openTextCacheBytes = AdmissionSettings.OPEN_TEXT_CACHE_BYTES;
    private @Nullable Duration refreshEvery;
    private int expectedInstances = 1;
    private @Nullable String schemaSdl;

    private Builder(GraphQLSchema schema, RegistryReader reader) {
      this.schema = Objects.requireNonNull(schema, "schema");
      this.reader = Objects.requireNonNull(reader, "reader");
    }

    /** The cost model the registry priced with; default the book's. */
    public Builder costModel(CostModel model) {
      this.model = model;
      return this;
    }

    /** The policy of callers presenting {@code apiKey}. */
    public Builder key(String apiKey, KeyPolicy policy) {
      keys.put(apiKey, policy);
      return this;
    }

    /**
     * The policy of callers presenting no key; default a trusted policy of no app, which runs
     * nothing.
     */
    public Builder anonymous(KeyPolicy policy) {
      this.anonymous = policy;
      return this;
    }

    /**
     * Where budgets are charged; default token buckets in this process. Pass tollgate-redis's
     * ledger to share budgets with gateways and other instances: while it cannot be reached, each
     * policy's {@code budget.onStoreFailure} decides, as in the gateway ({@code local}: an
     * in-process bucket of 1/{@link #expectedInstances} of the budget; {@code deny}: {@code
     * BUDGET_STORE_UNAVAILABLE} with {@code retryAfter}, nothing runs).
     */
    public Builder ledger(BudgetLedger ledger) {
      this.ledger = ledger;
      return this;
    }

    /**
     * How many instances (gateways and in-process servers) share the budget store: while it cannot
     * be reached, a {@code local} policy gets this share of its budget here; default 1.
     *
     * @throws IllegalArgumentException when not positive
     */
    public Builder expectedInstances(int instances) {
      if (instances < 1) {
        throw new IllegalArgumentException("expected instances must be positive: " + instances);
      }
      this.expectedInstances = instances;
      return this;
    }

    /**
     * The SDL text the executable schema was built from (the text published to the registry, byte
     * for byte, when it is the same schema): its fingerprint, with the cost model, is compared with
     * the registry's active schema at start and on each change, and named in the log when a
     * registered document does not validate against this schema. Default none: the comparison is
     * not made, the documents are still validated.
     */
    public Builder schemaSdl(String sdl) {
      this.schemaSdl = Objects.requireNonNull(sdl, "sdl");
      return this;
    }

    /** The gateway-wide settings admission reads; default the gateway's defaults. */
    public Builder settings(AdmissionSettings settings) {
      this.settings = settings;
      return this;
    }

    /** Who is calling; default {@link CallerResolver#fromContext()}. */
    public Builder callers(CallerResolver callers) {
      this.callers = callers;
      return this;
    }

    /**
     * How many registered documents are kept with restored prices, parsed documents and actual-cost
     * plans (each); default 10,000.
     *
     * @throws IllegalArgumentException when not positive
     */
    public Builder documentCacheSize(int size) {
      if (size <= 0) {
        throw new IllegalArgumentException("document cache size must be positive: " + size);
      }
      this.documentCacheSize = size;
      return this;
    }

    /**
     * Reloads the index of registered documents every {@code interval} when the reader's {@code
     * latestChangeId} moved (on a daemon thread, until {@link #close()}); default never: call
     * {@link #refresh()}. With an {@link HttpRegistry}, whose change id is a field read, 100 ms
     * keeps a publication or a retirement under 1 s.
     */
    public Builder refreshEvery(Duration interval) {
      if (interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException("refresh interval must be positive: " + interval);
      }
      this.refreshEvery = interval;
      return this;
    }

    /** Builds the hooks; reads the registry's index of active documents once. */
    public TollgateGraphQL build() {
      return new TollgateGraphQL(this);
    }
  }
}
