package dev.tollgate.registry.metrics;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.store.RegistryReader;
import dev.tollgate.registry.store.StoredDocument;
import dev.tollgate.registry.upstream.Upstream;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The gateway's Prometheus metrics, rendered in the text exposition format (0.0.4):
 * {@code tollgate_upstream_requests_total}, {@code tollgate_requests_total{outcome}} ({@code ok} or
 * the refusal's code), {@code tollgate_would_refuse_total{code}} (measure mode), the histogram
 * {@code tollgate_estimated_cost}, and the response cache's
 * {@code tollgate_response_cache_hits_total} and {@code tollgate_response_cache_misses_total}, and
 * {@code tollgate_registry_document_reads_total}.
 * Lock-free; no dependency.
 */
public final class GatewayMetrics {

  /** The text exposition content type. */
  public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

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

  /** {@code upstream}, counting every call in {@code tollgate_upstream_requests_total}. */
  public Upstream counting(Upstream upstream) {
    return request -> {
      upstreamRequests.increment();
      return upstream.execute(request);
    };
  }

  /**
   * {@code reader}, counting every document read in {@code tollgate_registry_document_reads_total}:
   * an unknown id must never move it (the catalog answers those from memory).
   */
  public RegistryReader countingReads(RegistryReader reader) {
    return new RegistryReader() {
      @Override
      public Optional<StoredDocument> findDocument(DocumentHash hash) {
        documentReads.increment();
        return reader.findDocument(hash);
      }

      @Override
      public Map<DocumentHash, Set<String>> activeDocumentApps() {
        return reader.activeDocumentApps();
      }

      @Override
      public long latestChangeId() {
        return reader.latestChangeId();
      }
    };
  }

  /** Counts one answered request: {@code outcome} is {@code ok} or the error code. */
  public void request(String outcome) {
    requests.computeIfAbsent(outcome, o -> new LongAdder()).increment();
  }

  /** Counts one request admitted in measure mode that enforcing would have refused with {@code code}. */
  public void wouldRefuse(String code) {
    wouldRefuse.computeIfAbsent(code, c -> new LongAdder()).increment();
  }

  /** Observes one estimated cost. */
  public void estimatedCost(long cost) {
    int bucket = 0;
    while (bucket < COST_BUCKETS.length && cost > COST_BUCKETS[bucket]) {
      bucket++;
    }
    costBuckets[bucket].increment();
    costSum.add(cost);
    costCount.increment();
  }

  /** Counts one lookup in the gateway's response cache: answered from it ({@code hit}), or not. */
  public void responseCache(boolean hit) {
    (hit ? responseCacheHits : responseCacheMisses).increment();
  }

  public long upstreamRequests() {
    return upstreamRequests.sum();
  }

  /** The exposition text. */
  public String render() {
    StringBuilder out = new StringBuilder(1024);
    out.append("# HELP tollgate_upstream_requests_total Operations forwarded to the upstream.\n")
        .append("# TYPE tollgate_upstream_requests_total counter\n")
        .append("tollgate_upstream_requests_total ").append(upstreamRequests.sum()).append('\n');
    out.append("# HELP tollgate_requests_total Gateway requests by outcome (ok or the error code).\n")
        .append("# TYPE tollgate_requests_total counter\n");
    for (Map.Entry<String, LongAdder> entry : new TreeMap<>(requests).entrySet()) {
      out.append("tollgate_requests_total{outcome=\"").append(escape(entry.getKey())).append("\"} ")
          .append(entry.getValue().sum()).append('\n');
    }
    out.append("# HELP tollgate_would_refuse_total Requests admitted in measure mode that enforce mode refuses.\n")
        .append("# TYPE tollgate_would_refuse_total counter\n");
    for (Map.Entry<String, LongAdder> entry : new TreeMap<>(wouldRefuse).entrySet()) {
      out.append("tollgate_would_refuse_total{code=\"").append(escape(entry.getKey())).append("\"} ")
          .append(entry.getValue().sum()).append('\n');
    }
    renderCost(out);
    out.append("# HELP tollgate_registry_document_reads_total Documents read from the registry store by the gateway.\n")
        .append("# TYPE tollgate_registry_document_reads_total counter\n")
        .append("tollgate_registry_document_reads_total ").append(documentReads.sum()).append('\n');
    out.append("# HELP tollgate_response_cache_hits_total Registered GET queries answered from the response cache.\n")
        .append("# TYPE tollgate_response_cache_hits_total counter\n")
        .append("tollgate_response_cache_hits_total ").append(responseCacheHits.sum()).append('\n');
    out.append("# HELP tollgate_response_cache_misses_total Registered GET queries not found fresh in the response cache.\n")
        .append("# TYPE tollgate_response_cache_misses_total counter\n")
        .append("tollgate_response_cache_misses_total ").append(responseCacheMisses.sum()).append('\n');
    return out.toString();
  }

  private void renderCost(StringBuilder out) {
    out.append("# HELP tollgate_estimated_cost Estimated cost of priced requests.\n")
        .append("# TYPE tollgate_estimated_cost histogram\n");
    long cumulative = 0;
    for (int i = 0; i <= COST_BUCKETS.length; i++) {
      cumulative += costBuckets[i].sum();
      String le = i < COST_BUCKETS.length ? Long.toString(COST_BUCKETS[i]) : "+Inf";
      out.append("tollgate_estimated_cost_bucket{le=\"").append(le).append("\"} ").append(cumulative).append('\n');
    }
    out.append("tollgate_estimated_cost_sum ").append(costSum.sum()).append('\n')
        .append("tollgate_estimated_cost_count ").append(costCount.sum()).append('\n');
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
