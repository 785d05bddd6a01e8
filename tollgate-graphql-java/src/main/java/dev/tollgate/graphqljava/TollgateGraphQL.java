package dev.tollgate.graphqljava;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.admission.AdmissionController;
import dev.tollgate.registry.admission.BudgetLedger;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.FallbackBudgetLedger;
import dev.tollgate.registry.admission.InMemoryBudgetLedger;
import dev.tollgate.registry.admission.OpenCaches;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.keys.KeyRing;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.ActualCostPlans;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.SchemaFingerprint;
import graphql.GraphQLContext;
import graphql.execution.instrumentation.Instrumentation;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import graphql.schema.GraphQLSchema;
import java.time.InstantSource;
import java.util.Map;
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
 * with {@code OPERATION_INVALID_FOR_SCHEMA} before any charge ({@link
 * TollgateGraphQLBuilder#schemaSdl}).
 */
public final class TollgateGraphQL implements AutoCloseable {

  private final DocumentCatalog catalog;
  private final AdmissionProvider provider;
  private final CostInstrumentation instrumentation;
  private final ParsedDocuments documents;
  private final LongAdder budgetStoreFailures = new LongAdder();
  private final @Nullable MeasurementReporter reporter;

  TollgateGraphQL(TollgateGraphQLBuilder builder) {
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
            admission,
            new Callers(builder.keys, builder.anonymous, issuedKeys(builder, catalog)),
            builder.callers,
            documents);
    this.reporter = reporter(builder);
    this.instrumentation =
        new CostInstrumentation(
            admission,
            new ActualCostPlans(
                () -> pricer,
                Caffeine.newBuilder().maximumSize(builder.documentCacheSize).recordStats().build()),
            reporter);
  }

  /**
   * The keys issued at runtime on the registry, loaded now and again after every refresh of the
   * catalog (so within {@link TollgateGraphQLBuilder#refreshEvery} of the reader's change), each
   * with the policy of its name among the builder's ({@link TollgateGraphQLBuilder#policy} and
   * those of its keys).
   */
  private static KeyRing issuedKeys(TollgateGraphQLBuilder builder, DocumentCatalog catalog) {
    KeyRing ring = new KeyRing(InstantSource.system());
    Map<String, KeyPolicy> policies = builder.policiesByName();
    RegistryReader reader = builder.reader;
    ring.load(reader.issuedKeys(), policies);
    catalog.afterRefresh(() -> ring.load(reader.issuedKeys(), policies));
    return ring;
  }

  /**
   * Counts usage and measurements for the registry when following one over HTTP, and flushes them
   * to it every {@link TollgateGraphQLBuilder#measurementFlush} (zero: nothing is counted).
   */
  private static @Nullable MeasurementReporter reporter(TollgateGraphQLBuilder builder) {
    if (!(builder.reader instanceof HttpRegistry registry) || builder.measurementFlush.isZero()) {
      return null;
    }
    MeasurementReporter started = new MeasurementReporter(registry::report, InstantSource.system());
    started.start(builder.measurementFlush);
    return started;
  }

  /**
   * The ledger budgets are charged to: token buckets in this process by default; a shared one
   * (Redis) under each policy's {@code budget.onStoreFailure}, as in the gateway ({@link
   * FallbackBudgetLedger}).
   */
  private BudgetLedger ledger(TollgateGraphQLBuilder builder) {
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
  public static TollgateGraphQLBuilder newTollgate(GraphQLSchema schema, RegistryReader reader) {
    return new TollgateGraphQLBuilder(schema, reader);
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

  /**
   * Sends the usage and measurements counted since the last flush to the registry now (they are
   * also sent every {@link TollgateGraphQLBuilder#measurementFlush}, and at {@link #close()}).
   *
   * @return false when they could not be sent (kept for the next flush); true when sent, or when
   *     nothing is reported (the reader is not an {@link HttpRegistry})
   */
  public boolean flushMeasurements() {
    return reporter == null || reporter.flush();
  }

  /**
   * Stops the polling that {@link TollgateGraphQLBuilder#refreshEvery} started, if any, and the
   * measurements' flushing, after a last flush.
   */
  @Override
  public void close() {
    catalog.close();
    if (reporter != null) {
      reporter.close();
    }
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
}
