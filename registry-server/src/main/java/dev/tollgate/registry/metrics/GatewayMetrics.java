package dev.tollgate.registry.metrics;

import com.github.benmanes.caffeine.cache.Cache;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.upstream.Upstream;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import io.micrometer.core.instrument.binder.jetty.JettyConnectionMetrics;
import io.micrometer.core.instrument.binder.jetty.JettyServerThreadPoolMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Locale;
import org.eclipse.jetty.server.Server;
import org.jspecify.annotations.Nullable;

/**
 * The server's metrics for {@code /metrics}, in the Prometheus text format (0.0.4), or in
 * OpenMetrics when the scraper asks for it.
 *
 * <p>The gateway's own families are counted lock-free and written by hand ({@code GatewayCounts}),
 * as their exact text is a contract (tests, dashboards and the load script read it, some with shell
 * arithmetic): {@code tollgate_upstream_requests_total}, {@code tollgate_requests_total{outcome}}
 * ({@code ok} or the refusal's code), {@code tollgate_would_refuse_total{code}} (measure mode), the
 * histogram {@code tollgate_estimated_cost} (with an {@code le="0"} bucket), the response cache's
 * {@code tollgate_response_cache_hits_total} and {@code tollgate_response_cache_misses_total}, and
 * {@code tollgate_registry_document_reads_total}, all with whole-number values. Micrometer writes
 * counters as doubles ({@code 2.0}), bucket bounds as {@code le="10.0"}, and refuses a bound of 0,
 * so those stay out of it.
 *
 * <p>Everything else goes through a Micrometer {@link PrometheusMeterRegistry} and is appended in
 * the same format: the latency timer {@code tollgate_request_duration_seconds{outcome}}, the
 * Caffeine caches' statistics ({@code cache_*{cache}}, {@link #monitor}), JVM memory, GC and
 * threads, Jetty's thread pool and connections ({@link #bindJetty}), and whatever binds itself to
 * {@link #registry()} (the Hikari pool). Close it to unbind the GC listener.
 *
 * <p>For the operator's console it also keeps, in this process only, each policy's last requests
 * with their estimated cost and outcome ({@link #traffic(String)}) and samples of {@code
 * tollgate_requests_total} over the last hour ({@link #refusalHistory()}).
 */
public final class GatewayMetrics implements AutoCloseable {

  /** The Prometheus text exposition content type, the default. */
  public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  /** The OpenMetrics content type, answered when {@code Accept} names it. */
  public static final String OPENMETRICS_CONTENT_TYPE =
      "application/openmetrics-text; version=1.0.0; charset=utf-8";

  /** Requests kept per policy for the console's cost chart. */
  static final int TRAFFIC_PER_POLICY = 2_000;

  /** Samples of the request counter kept for the console: an hour at the default interval. */
  static final int REFUSAL_SAMPLES = 361;

  private final GatewayCounts counts = new GatewayCounts();
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final CostMeters costs = new CostMeters(registry);
  private final LatencyTimers latencies = new LatencyTimers(registry);
  private final JvmGcMetrics gc = new JvmGcMetrics();
  private final TrafficRecorder traffic;
  private final RefusalHistory refusals;

  public GatewayMetrics() {
    this(InstantSource.system());
  }

  /**
   * @param clock the time of the console's traffic samples and of the refusal history's samples
   */
  public GatewayMetrics(InstantSource clock) {
    this.traffic = new TrafficRecorder(clock, TRAFFIC_PER_POLICY);
    this.refusals = new RefusalHistory(clock, counts::requestsByOutcome, REFUSAL_SAMPLES);
    new JvmMemoryMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    gc.bindTo(registry);
  }

  /** The Micrometer registry, for binders that live with what they measure (the Hikari pool). */
  public MeterRegistry registry() {
    return registry;
  }

  /**
   * Exports {@code cache}'s statistics (built with {@code recordStats()}) as {@code
   * cache_*{cache="name"}}.
   */
  public void monitor(Cache<?, ?> cache, String name) {
    CaffeineCacheMetrics.monitor(registry, cache, name);
  }

  /**
   * Exports Jetty's thread pool ({@code jetty_threads_*}) and connections ({@code
   * jetty_connections_*}).
   */
  public void bindJetty(Server server) {
    new JettyServerThreadPoolMetrics(server.getThreadPool(), List.of()).bindTo(registry);
    JettyConnectionMetrics.addToAllConnectors(server, registry);
  }

  /** {@code upstream}, counting every call in {@code tollgate_upstream_requests_total}. */
  public Upstream counting(Upstream upstream) {
    return request -> {
      counts.upstreamRequest();
      return upstream.execute(request);
    };
  }

  /**
   * {@code reader}, counting every document read in {@code tollgate_registry_document_reads_total}:
   * an unknown id must never move it (the catalog answers those from memory).
   */
  public RegistryReader countingReads(RegistryReader reader) {
    return new CountingReader(reader, counts::documentRead);
  }

  /**
   * Counts one answered request and times it: {@code outcome} is {@code ok} or the error code,
   * {@code nanos} how long it took.
   */
  public void request(String outcome, long nanos) {
    counts.request(outcome);
    latencies.record(outcome, nanos);
  }

  /**
   * Keeps one answered request of {@code policy} for the console ({@link #traffic}): its estimated
   * {@code cost} ({@code null} when refused before pricing) and {@code outcome}.
   */
  public void traffic(String policy, @Nullable Long cost, String outcome) {
    traffic.record(policy, cost, outcome);
  }

  /**
   * The last requests of {@code policy} answered by this process (up to 2,000), oldest first. Not
   * shared between gateways: each one shows its own traffic.
   */
  public List<TrafficSample> traffic(String policy) {
    return traffic.recent(policy);
  }

  /**
   * Samples the request counter now, and then every {@code interval} on a daemon thread until
   * closed, for {@link #refusalHistory()}.
   */
  public void startSampling(Duration interval) {
    refusals.start(interval);
  }

  /** Takes one sample of the request counter now (what the sampling thread does). */
  public void sampleRequests() {
    refusals.sample();
  }

  /**
   * The answers by outcome between consecutive samples of the request counter, oldest first, the
   * last interval running up to now; empty before the first sample.
   */
  public List<RefusalInterval> refusalHistory() {
    return refusals.intervals();
  }

  /**
   * Counts one request admitted in measure mode that enforcing would have refused with {@code
   * code}.
   */
  public void wouldRefuse(String code) {
    counts.wouldRefuse(code);
  }

  /** Observes one estimated cost. */
  public void estimatedCost(long cost) {
    counts.estimatedCost(cost);
  }

  /**
   * Observes one answered operation's cost: {@code tollgate_cost_estimated}, {@code
   * tollgate_cost_actual} and {@code tollgate_cost_delta} (estimated − actual, an answer dearer
   * than its estimate counted as 0), by {@code policy} and {@code operation} (a registered
   * operation's name, or one shared label for open-mode text, so the label sets stay bounded).
   */
  public void cost(String policy, String operation, long estimated, long actual) {
    costs.record(policy, operation, estimated, actual);
  }

  /** Counts one lookup in the gateway's response cache: answered from it ({@code hit}), or not. */
  public void responseCache(boolean hit) {
    counts.responseCache(hit);
  }

  /**
   * Counts one charge the shared budget store did not take (it failed, or was not tried during an
   * outage): {@code tollgate_budget_store_failures_total}.
   */
  public void budgetStoreFailure() {
    counts.budgetStoreFailure();
  }

  public long upstreamRequests() {
    return counts.upstreamRequests();
  }

  /** The Prometheus text (0.0.4). */
  public String render() {
    return scrape(null).text();
  }

  /**
   * Everything, in OpenMetrics when {@code accept} names {@code application/openmetrics-text}, else
   * in the Prometheus text format.
   */
  public Scrape scrape(@Nullable String accept) {
    boolean openMetrics =
        accept != null && accept.toLowerCase(Locale.ROOT).contains("application/openmetrics-text");
    String contentType = openMetrics ? OPENMETRICS_CONTENT_TYPE : CONTENT_TYPE;
    StringBuilder out = new StringBuilder(16_384);
    counts.render(out, openMetrics);
    out.append(registry.scrape(contentType));
    return new Scrape(contentType, out.toString());
  }

  @Override
  public void close() {
    refusals.close();
    gc.close();
    registry.close();
  }

  /** A scrape of {@code /metrics}: its content type and text. */
  public record Scrape(String contentType, String text) {}
}
