package dev.tollgate.registry.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.admission.UpstreamRequest;
import dev.tollgate.registry.upstream.Upstream;
import dev.tollgate.registry.upstream.UpstreamResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class GatewayMetricsTest {

  private final GatewayMetrics metrics = new GatewayMetrics();

  @Test
  void counting_eachCall_countsOneUpstreamRequest() {
    Upstream upstream =
        metrics.counting(request -> new UpstreamResponse(200, Map.of("data", Map.of())));

    upstream.execute(new UpstreamRequest("{ __typename }", null, Map.of()));
    upstream.execute(new UpstreamRequest("{ __typename }", null, Map.of()));

    assertThat(metrics.upstreamRequests()).isEqualTo(2);
    assertThat(metrics.render()).contains("\ntollgate_upstream_requests_total 2\n");
  }

  @Test
  void render_requestsAndCosts_inTextFormat() {
    metrics.request("ok", 1_000_000);
    metrics.request("ok", 1_000_000);
    metrics.request("RATE_LIMITED", 1_000_000);
    metrics.estimatedCost(0);
    metrics.estimatedCost(901);
    metrics.estimatedCost(385_151);

    assertThat(metrics.render())
        .contains("tollgate_requests_total{outcome=\"RATE_LIMITED\"} 1\n")
        .contains("tollgate_requests_total{outcome=\"ok\"} 2\n")
        .contains("# TYPE tollgate_estimated_cost histogram\n")
        .contains("tollgate_estimated_cost_bucket{le=\"0\"} 1\n")
        .contains("tollgate_estimated_cost_bucket{le=\"100\"} 1\n")
        .contains("tollgate_estimated_cost_bucket{le=\"1000\"} 2\n")
        .contains("tollgate_estimated_cost_bucket{le=\"1000000\"} 3\n")
        .contains("tollgate_estimated_cost_bucket{le=\"+Inf\"} 3\n")
        .contains("tollgate_estimated_cost_sum 386052\n")
        .contains("tollgate_estimated_cost_count 3\n");
  }

  @Test
  void render_responseCacheLookups_countsHitsAndMisses() {
    metrics.responseCache(true);
    metrics.responseCache(true);
    metrics.responseCache(false);

    assertThat(metrics.render())
        .contains("# TYPE tollgate_response_cache_hits_total counter\n")
        .contains("\ntollgate_response_cache_hits_total 2\n")
        .contains("\ntollgate_response_cache_misses_total 1\n");
  }

  @Test
  void cost_pastTheLabelBound_countedUnderOther() {
    for (int i = 0; i < CostMeters.MAX_LABELS; i++) {
      metrics.cost("web", "Op" + i, 10, 5);
    }
    metrics.cost("web", "OneTooMany", 10, 5);
    metrics.cost("web", "AnotherOne", 10, 5);
    metrics.cost("web", "Op0", 10, 5);

    String rendered = metrics.render();
    // the two operations past the bound share one label; Op0, known before, keeps its own
    assertThat(rendered)
        .contains("tollgate_cost_estimated_count{operation=\"(other)\",policy=\"web\"} 2")
        .contains("tollgate_cost_estimated_count{operation=\"Op0\",policy=\"web\"} 2")
        .doesNotContain("OneTooMany")
        .doesNotContain("AnotherOne");
  }
}
