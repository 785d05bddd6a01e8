package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** {@code /metrics} and {@code /health} over real HTTP, on the server's own wiring. */
final class OpsRoutesTest {

  private static final String CARGO =
      "query Cargo { cargo(trackingId: \"ABC123\") { id trackingId } }";

  @AutoClose private final GatewayHarness gateway = GatewayHarness.start();
  private final DocumentHash cargo =
      gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);

  /* ---- /metrics ---- */

  @Test
  void metrics_default_prometheusTextWithTodaysFamilies() {
    HttpResponse<String> response = gateway.send(gateway.request("/metrics", null).GET().build());

    assertThat(response.headers().firstValue("Content-Type"))
        .hasValue("text/plain; version=0.0.4; charset=utf-8");
    assertThat(response.body())
        .contains(
            "# TYPE tollgate_upstream_requests_total counter\ntollgate_upstream_requests_total 0\n")
        .contains("# TYPE tollgate_requests_total counter\n")
        .contains("# TYPE tollgate_would_refuse_total counter\n")
        .contains("# TYPE tollgate_estimated_cost histogram\n")
        .contains("\ntollgate_estimated_cost_bucket{le=\"0\"} 0\n")
        .contains("\ntollgate_registry_document_reads_total 0\n")
        .contains("\ntollgate_response_cache_hits_total 0\n")
        .contains("\ntollgate_response_cache_misses_total 0\n")
        .doesNotContain("# EOF");
  }

  @Test
  void metrics_default_jvmHikariAndJetty() {
    assertThat(gateway.metricsText())
        .contains("\njvm_memory_used_bytes{")
        .contains("\njvm_threads_live_threads ")
        .contains("\njvm_gc_")
        .contains("\nhikaricp_connections{")
        .contains("\njetty_threads_current ")
        .contains("\njetty_connections_");
  }

  @Test
  void metrics_repeatedRegisteredGet_cacheStatsShowHits() {
    gateway.get("trusted-key", Map.of("documentId", cargo.hex()));
    gateway.get("trusted-key", Map.of("documentId", cargo.hex()));

    String text = gateway.metricsText();

    assertThat(value(text, "cache_gets_total{cache=\"responses\",result=\"hit\"}")).isEqualTo(1);
    assertThat(value(text, "cache_gets_total{cache=\"responses\",result=\"miss\"}")).isEqualTo(1);
    assertThat(value(text, "cache_gets_total{cache=\"catalog\",result=\"hit\"}")).isEqualTo(1);
    assertThat(value(text, "cache_size{cache=\"responses\"}")).isEqualTo(1);
    assertThat(text).contains("cache_gets_total{cache=\"open_analyses\",result=\"miss\"}");
  }

  @Test
  void metrics_eachRequest_latencyTimerCountsByOutcome() {
    gateway.post("trusted-key", Map.of("documentId", cargo.hex()));
    assertThat(
            value(gateway.metricsText(), "tollgate_request_duration_seconds_count{outcome=\"ok\"}"))
        .isEqualTo(1);

    gateway.post("trusted-key", Map.of("documentId", cargo.hex()));
    gateway.post("nobody", Map.of("documentId", cargo.hex()));

    String text = gateway.metricsText();
    assertThat(value(text, "tollgate_request_duration_seconds_count{outcome=\"ok\"}")).isEqualTo(2);
    assertThat(value(text, "tollgate_request_duration_seconds_count{outcome=\"UNAUTHENTICATED\"}"))
        .isEqualTo(1);
    assertThat(text)
        .contains("# TYPE tollgate_request_duration_seconds histogram\n")
        .contains("tollgate_request_duration_seconds_bucket{outcome=\"ok\",le=\"+Inf\"} 2\n")
        .contains("tollgate_requests_total{outcome=\"ok\"} 2\n")
        .contains("tollgate_requests_total{outcome=\"UNAUTHENTICATED\"} 1\n");
  }

  @Test
  void metrics_acceptOpenMetrics_answersOpenMetrics() {
    gateway.post("trusted-key", Map.of("documentId", cargo.hex()));

    HttpResponse<String> response =
        gateway.send(
            gateway
                .request("/metrics", null)
                .setHeader(
                    "Accept", "application/openmetrics-text; version=1.0.0, text/plain;q=0.5")
                .GET()
                .build());

    assertThat(response.headers().firstValue("Content-Type"))
        .hasValue("application/openmetrics-text; version=1.0.0; charset=utf-8");
    assertThat(response.body())
        .contains("# TYPE tollgate_upstream_requests counter\ntollgate_upstream_requests_total 1\n")
        .contains("# TYPE tollgate_requests counter\ntollgate_requests_total{outcome=\"ok\"} 1\n")
        .contains("# TYPE tollgate_estimated_cost histogram\n")
        .contains("# TYPE cache_gets counter\n")
        .endsWith("# EOF\n");
  }

  /* ---- /health ---- */

  @Test
  void health_registeredDocuments_countsThem() {
    HttpResponse<String> response = gateway.send(gateway.request("/health", null).GET().build());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(body(response).get("status").asText()).isEqualTo("ok");
    assertThat(body(response).get("documents").asInt()).isEqualTo(1);
  }

  /**
   * The value of the sample {@code series} (name and labels), read as a scraper would; doubles
   * allowed.
   */
  private static long value(String text, String series) {
    Matcher matcher =
        Pattern.compile("(?m)^" + Pattern.quote(series) + " ([0-9.E+-]+)$").matcher(text);
    if (!matcher.find()) {
      throw new AssertionError("no " + series + " in /metrics:\n" + text);
    }
    return (long) Double.parseDouble(matcher.group(1));
  }
}
