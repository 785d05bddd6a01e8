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
import dev.tollgate.registry.auth.BearerCallers;
import dev.tollgate.registry.auth.JwksSource;
import dev.tollgate.registry.auth.JwtSettings;
import dev.tollgate.registry.auth.SubjectLedger;
import dev.tollgate.registry.calibration.Calibration;
import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.catalog.RegisteredDocument;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.demo.DemoService;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.gateway.BudgetSettings;
import dev.tollgate.registry.gateway.Callers;
import dev.tollgate.registry.gateway.Gateway;
import dev.tollgate.registry.gateway.GatewaySettings;
import dev.tollgate.registry.keys.KeyRing;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.CompiledPrice;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.upstream.HttpUpstream;
import dev.tollgate.registry.upstream.Upstream;
import dev.tollgate.registry.upstream.UpstreamSettings;
import java.time.Duration;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The gateway's part of the wiring: its catalog of documents, the budget ledger, admission with its
 * open-mode caches, the upstream and the gateway, each built from its own settings.
 *
 * @param upstream where admitted operations go, or {@code null} for the config's
 * @param ledger the budget ledger, or {@code null} for the one the config names (closed with the
 *     server)
 */
record GatewayWiring(
    ServerConfig config,
    InstantSource clock,
    Ticker ticker,
    @Nullable Upstream upstream,
    @Nullable BudgetLedger ledger) {

  /**
   * The heap the actual-cost plans may take (compiled on an operation's first answer, compiled
   * again after an eviction): 64 MiB.
   */
  static final long ACTUAL_COST_PLAN_BYTES = 64L * 1024 * 1024;

  /**
   * What one plan takes with its cache entry and key: 2,807 bytes measured for the generated cargo
   * operations of {@code MemoryFootprint} (20,000 plans compiled into a cache, heap used after GC),
   * rounded up. 200,000 plans, the bound before, could take 560 MB.
   */
  static final int ACTUAL_COST_PLAN_SIZE = 2_816;

  /** How many plans are kept: {@link #ACTUAL_COST_PLAN_BYTES} of them, 23,831. */
  static final int ACTUAL_COST_PLANS = (int) (ACTUAL_COST_PLAN_BYTES / ACTUAL_COST_PLAN_SIZE);

  /**
   * @param pricer the pricer of open-mode requests, the active schema's
   * @param reader where the catalog reads registered documents
   * @param restorer how it reads their stored prices back
   */
  GatewayServices services(
      Closer closer,
      Supplier<OperationPricer> pricer,
      RegistryReader reader,
      Function<String, CompiledPrice> restorer,
      GatewayMetrics metrics,
      ObjectMapper json,
      Calibration calibration) {
    Cache<DocumentHash, RegisteredDocument> documents =
        Caffeine.newBuilder()
            .maximumWeight(config.catalog().documentCacheBytes())
            .weigher(DocumentCatalog::weigh)
            .ticker(ticker)
            .recordStats()
            .build();
    metrics.monitor(documents, "catalog");
    DocumentCatalog catalog =
        closer.add(new DocumentCatalog(metrics.countingReads(reader), restorer, documents));
    catalog.startPolling(Duration.ofMillis(config.catalog().refreshMillis()));
    BudgetLedger budgets =
        ledger != null ? ledger : closer.add(ledger(config.budget(), config.jwt(), clock, metrics));
    GatewaySettings settings = config.gateway();
    AdmissionController admission =
        new AdmissionController(
            catalog,
            pricer,
            OpenCaches.weighed(
                Caffeine.newBuilder()
                    .maximumWeight(settings.openCacheBytes())
                    .ticker(ticker)
                    .recordStats(),
                Caffeine.newBuilder()
                    .maximumWeight(settings.openTextCacheBytes())
                    .ticker(ticker)
                    .recordStats()),
            budgets,
            settings.admission());
    metrics.monitor(admission.openAnalysisCache(), "open_analyses");
    metrics.monitor(admission.openTextCache(), "open_texts");
    KeyRing keys = new KeyRing(clock);
    Gateway gateway =
        new Gateway(
            admission,
            new Callers(config.keys(), config.anonymous(), keys, bearer(closer, metrics)),
            upstream == null ? configuredUpstream(config.upstream(), json) : upstream,
            config.upstream(),
            responseCache(settings, config.policies(), ticker),
            ticker,
            metrics,
            json,
            calibration.meter(
                Caffeine.newBuilder().maximumSize(ACTUAL_COST_PLANS).ticker(ticker).recordStats(),
                metrics,
                config.calibration().actualCost()));
    metrics.monitor(gateway.responseCache(), "responses");
    return new GatewayServices(catalog, documents, admission, gateway, keys, closer);
  }

  /**
   * The bearer tokens' verifier of {@code auth.jwt}, its keys fetched (a URL's, then refreshed
   * until the server closes); {@code null} without the section.
   */
  private @Nullable BearerCallers bearer(Closer closer, GatewayMetrics metrics) {
    JwtSettings jwt = config.jwt();
    if (jwt == null) {
      return null;
    }
    JwksSource keys = closer.add(JwksSource.of(jwt, clock));
    keys.start();
    Map<String, KeyPolicy> byName = new LinkedHashMap<>();
    for (KeyPolicy policy : config.policies()) {
      byName.put(policy.name(), policy);
    }
    BearerCallers bearer = new BearerCallers(jwt, byName, keys, clock, ticker);
    metrics.monitor(bearer.cache(), "bearer_tokens");
    return bearer;
  }

  /**
   * With {@code auth.jwt} and buckets in memory, the token subjects' buckets are kept apart and
   * bounded to {@code auth.jwt.maxSubjects} ({@link SubjectLedger}); in Redis they expire there.
   */
  private static BudgetLedger ledger(
      BudgetSettings budget,
      @Nullable JwtSettings jwt,
      InstantSource clock,
      GatewayMetrics metrics) {
    return switch (budget.budgetStore()) {
      case MEMORY ->
          jwt == null
              ? new InMemoryBudgetLedger(clock)
              : new SubjectLedger(
                  new InMemoryBudgetLedger(clock),
                  new InMemoryBudgetLedger(clock, jwt.maxSubjects()));
      case REDIS ->
          new FallbackBudgetLedger(
              new RedisBudgetLedger(
                  Objects.requireNonNull(budget.redisUrl()), budget.redisCluster(), clock),
              budget.expectedInstances(),
              clock,
              metrics::budgetStoreFailure);
    };
  }

  private static Upstream configuredUpstream(UpstreamSettings upstream, ObjectMapper json) {
    String url = upstream.url();
    return url == null ? new DemoService() : HttpUpstream.of(upstream, json);
  }

  /**
   * Bounds of the answers to registered GET queries: by bytes, kept no longer than the longest
   * max-age.
   */
  private static Caffeine<Object, Object> responseCache(
      GatewaySettings settings, List<KeyPolicy> policies, Ticker ticker) {
    long longestMaxAge = 1;
    for (KeyPolicy policy : policies) {
      longestMaxAge = Math.max(longestMaxAge, policy.cacheMaxAgeSeconds());
    }
    return Caffeine.newBuilder()
        .maximumWeight(settings.responseCacheBytes())
        .expireAfterWrite(Duration.ofSeconds(longestMaxAge))
        .ticker(ticker)
        .recordStats();
  }
}
