package dev.tollgate.registry.metrics;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The gateway's own families, counted lock-free and written by hand in today's exact text (whole
 * numbers, {@code le="0"}), in the Prometheus text format or in OpenMetrics.
 */
final class GatewayCounts {

  private static final long[] COST_BUCKETS = {0, 10, 100, 1_000, 10_000, 100_000, 1_000_000};

  private final LongAdder upstreamRequests = new LongAdder();
  private final ConcurrentMap<String, LongAdder> requests = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, LongAdder> wouldRefuse = new ConcurrentHashMap<>();
  private final LongAdder[] costBuckets = newAdders(COST_BUCKETS.length + 1);
  private final LongAdder costSum = new LongAdder();
  private final LongAdder costCount = new LongAdder();
  private final LongAdder responseCacheHits = new LongAdder();
  private final LongAdder responseCacheMisses = new LongAdder();
  private final LongAdder documentReads = new LongAdder();
  private final LongAdder budgetStoreFailures = new LongAdder();

  void upstreamRequest() {
    upstreamRequests.increment();
  }

  void documentRead() {
    documentReads.increment();
  }

  void request(String outcome) {
    requests.computeIfAbsent(outcome, o -> new LongAdder()).increment();
  }

  void wouldRefuse(String code) {
    wouldRefuse.computeIfAbsent(code, c -> new LongAdder()).increment();
  }

  void estimatedCost(long cost) {
    int bucket = 0;
    while (bucket < COST_BUCKETS.length && cost > COST_BUCKETS[bucket]) {
      bucket++;
    }
    costBuckets[bucket].increment();
    costSum.add(cost);
    costCount.increment();
  }

  void responseCache(boolean hit) {
    (hit ? responseCacheHits : responseCacheMisses).increment();
  }

  void budgetStoreFailure() {
    budgetStoreFailures.increment();
  }

  long upstreamRequests() {
    return upstreamRequests.sum();
  }

  /** {@code tollgate_requests_total} by outcome, now. */
  Map<String, Long> requestsByOutcome() {
    Map<String, Long> byOutcome = new TreeMap<>();
    requests.forEach((outcome, count) -> byOutcome.put(outcome, count.sum()));
    return byOutcome;
  }

  void render(StringBuilder out, boolean openMetrics) {
    Family family = new Family(out, openMetrics);
    family.counter("tollgate_upstream_requests_total", "Operations forwarded to the upstream.");
    out.append("tollgate_upstream_requests_total ").append(upstreamRequests.sum()).append('\n');
    family.counter(
        "tollgate_requests_total", "Gateway requests by outcome (ok or the error code).");
    renderLabelled(out, "tollgate_requests_total", "outcome", requests);
    family.counter(
        "tollgate_would_refuse_total",
        "Requests admitted in measure mode that enforce mode refuses.");
    renderLabelled(out, "tollgate_would_refuse_total", "code", wouldRefuse);
    renderCost(out, family);
    family.counter(
        "tollgate_registry_document_reads_total",
        "Documents read from the registry store by the gateway.");
    out.append("tollgate_registry_document_reads_total ").append(documentReads.sum()).append('\n');
    family.counter(
        "tollgate_response_cache_hits_total",
        "Registered GET queries answered from the response cache.");
    out.append("tollgate_response_cache_hits_total ").append(responseCacheHits.sum()).append('\n');
    family.counter(
        "tollgate_response_cache_misses_total",
        "Registered GET queries not found fresh in the response cache.");
    out.append("tollgate_response_cache_misses_total ")
        .append(responseCacheMisses.sum())
        .append('\n');
    family.counter(
        "tollgate_budget_store_failures_total",
        "Charges the Redis budget store did not take (failed, or not tried during an outage).");
    out.append("tollgate_budget_store_failures_total ")
        .append(budgetStoreFailures.sum())
        .append('\n');
  }

  /** One sample of {@code name} for each value of its one label, in the label's order. */
  private static void renderLabelled(
      StringBuilder out, String name, String label, Map<String, LongAdder> counts) {
    for (Map.Entry<String, LongAdder> entry : new TreeMap<>(counts).entrySet()) {
      out.append(name)
          .append('{')
          .append(label)
          .append("=\"")
          .append(escape(entry.getKey()))
          .append("\"} ")
          .append(entry.getValue().sum())
          .append('\n');
    }
  }

  private void renderCost(StringBuilder out, Family family) {
    family.histogram("tollgate_estimated_cost", "Estimated cost of priced requests.");
    long cumulative = 0;
    for (int i = 0; i <= COST_BUCKETS.length; i++) {
      cumulative += costBuckets[i].sum();
      String le = i < COST_BUCKETS.length ? Long.toString(COST_BUCKETS[i]) : "+Inf";
      out.append("tollgate_estimated_cost_bucket{le=\"")
          .append(le)
          .append("\"} ")
          .append(cumulative)
          .append('\n');
    }
    out.append("tollgate_estimated_cost_sum ")
        .append(costSum.sum())
        .append('\n')
        .append("tollgate_estimated_cost_count ")
        .append(costCount.sum())
        .append('\n');
  }

  /**
   * The {@code # HELP} and {@code # TYPE} lines of one family: in OpenMetrics a counter's family
   * name has no {@code _total}, which only its samples carry.
   */
  private record Family(StringBuilder out, boolean openMetrics) {
    void counter(String name, String help) {
      header(
          openMetrics ? name.substring(0, name.length() - "_total".length()) : name,
          "counter",
          help);
    }

    void histogram(String name, String help) {
      header(name, "histogram", help);
    }

    private void header(String name, String type, String help) {
      out.append("# HELP ")
          .append(name)
          .append(' ')
          .append(help)
          .append('\n')
          .append("# TYPE ")
          .append(name)
          .append(' ')
          .append(type)
          .append('\n');
    }
  }

  private static String escape(String value) {
    return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
  }

  private static LongAdder[] newAdders(int count) {
    LongAdder[] adders = new LongAdder[count];
    for (int i = 0; i < count; i++) {
      adders[i] = new LongAdder();
    }
    return adders;
  }
}
