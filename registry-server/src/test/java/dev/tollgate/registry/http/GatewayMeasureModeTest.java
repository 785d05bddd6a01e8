package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static dev.tollgate.registry.http.GatewayHarness.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * Measure mode ({@code measure-key}): the book's attacks that breach depth, aliases or cost run,
 * priced and charged, and report what enforcing would have refused them with; the token limit and
 * the budget still refuse. The same texts from the enforcing {@code partner-key} are refused as
 * before, also after {@code measure-key} ran them (the two share the open-mode cache).
 */
final class GatewayMeasureModeTest {

  private static final String MEASURE = "measure-key";
  private static final String PARTNER = "partner-key";

  /** measure-key's budget capacity (GatewayHarness). */
  private static final long CAPACITY = 100_000;

  @AutoClose private final GatewayHarness gateway = GatewayHarness.start();

  /* ---- breaches run and are reported ---- */

  @Test
  void post_deep16WithMeasureKey_runsAndReportsMaxDepth() {
    // s000-04: depth 16 > 15, cost 16 (fixture expected.json)
    HttpResponse<String> response =
        gateway.post(MEASURE, Map.of("query", fixture("s000-04-deep16-first1")));

    assertReported(response, "MAX_DEPTH_EXCEEDED", 16);
  }

  @Test
  void post_150AliasesWithMeasureKey_runsAndReportsMaxAliases() {
    // s000-12: 150 aliases > 20, cost 1050 > 1000 too; aliases come first, as enforcing refuses
    HttpResponse<String> response =
        gateway.post(MEASURE, Map.of("query", fixture("s000-12-alias-150")));

    assertReported(response, "MAX_ALIASES_EXCEEDED", 1_050);
  }

  @Test
  void post_hugePageWithMeasureKey_runsAndReportsTooExpensive() {
    // s000-23: first: 5000, cost 15001 > 1000 (fixture expected.json)
    HttpResponse<String> response =
        gateway.post(MEASURE, Map.of("query", fixture("s000-23-huge-page-first5000")));

    assertReported(response, "COST_ESTIMATED_TOO_EXPENSIVE", 15_001);
  }

  @Test
  void post_deep16AndHugePageWithMeasureKey_counterCountsEachCode() {
    gateway.post(MEASURE, Map.of("query", fixture("s000-04-deep16-first1")));
    gateway.post(MEASURE, Map.of("query", fixture("s000-04-deep16-first1")));
    gateway.post(MEASURE, Map.of("query", fixture("s000-23-huge-page-first5000")));

    assertThat(wouldRefuse("MAX_DEPTH_EXCEEDED")).isEqualTo(2);
    assertThat(wouldRefuse("COST_ESTIMATED_TOO_EXPENSIVE")).isEqualTo(1);
    assertThat(gateway.upstreamCalls()).isEqualTo(3);
  }

  @Test
  void post_withinLimitsWithMeasureKey_runsWithoutReport() {
    // s000-10: cost 901 <= 1000, depth within 15
    HttpResponse<String> response =
        gateway.post(MEASURE, Map.of("query", fixture("s000-10-page-series-n5")));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(body(response).at("/extensions/cost/estimated").asLong()).isEqualTo(901);
    assertThat(body(response).at("/extensions/cost").has("wouldRefuse")).isFalse();
    assertThat(gateway.metricsText()).doesNotContain("tollgate_would_refuse_total{");
  }

  /* ---- what measure mode still refuses ---- */

  @Test
  void post_tokenFloodWithMeasureKey_stillRefusedWhileParsing() {
    HttpResponse<String> response =
        gateway.post(MEASURE, Map.of("query", fixture("s000-29-token-flood")));

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(body(response).at("/errors/0/extensions/code").asText())
        .isEqualTo("MAX_TOKENS_EXCEEDED");
    assertThat(gateway.upstreamCalls()).isZero();
    assertThat(gateway.metricsText()).doesNotContain("tollgate_would_refuse_total{");
  }

  @Test
  void post_chapterOneWithMeasureKey_overBudgetStillRateLimited() {
    // s000-01 costs 385151, more than the whole bucket of 100,000
    HttpResponse<String> response =
        gateway.post(MEASURE, Map.of("query", fixture("s000-01-chapter1-nested")));

    assertThat(response.statusCode()).isEqualTo(429);
    assertThat(body(response).at("/errors/0/extensions/code").asText()).isEqualTo("RATE_LIMITED");
    assertThat(response.headers().firstValue("X-RateLimit-Remaining"))
        .hasValue(Long.toString(CAPACITY));
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void post_unknownFieldWithMeasureKey_stillValidationFailed() {
    HttpResponse<String> response =
        gateway.post(MEASURE, Map.of("query", "{ cargo(trackingId: \"A\") { nope } }"));

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(body(response).at("/errors/0/extensions/code").asText())
        .isEqualTo("GRAPHQL_VALIDATION_FAILED");
    assertThat(gateway.upstreamCalls()).isZero();
  }

  /* ---- the enforcing key, sharing the open-mode cache ---- */

  @Test
  void post_attacksFromPartnerAfterMeasureKey_stillRefused() {
    String deep = fixture("s000-04-deep16-first1");
    String aliases = fixture("s000-12-alias-150");
    String hugePage = fixture("s000-23-huge-page-first5000");
    for (String text : new String[] {deep, aliases, hugePage}) {
      gateway.post(MEASURE, Map.of("query", text));
    }
    long upstreamAfterMeasure = gateway.upstreamCalls();

    assertRefused(
        gateway.post(PARTNER, Map.of("query", deep)),
        "MAX_DEPTH_EXCEEDED",
        "maximum query depth exceeded 16 > 15");
    assertRefused(
        gateway.post(PARTNER, Map.of("query", aliases)),
        "MAX_ALIASES_EXCEEDED",
        "150 aliases found. Allowed: 20");
    assertRefused(
        gateway.post(PARTNER, Map.of("query", hugePage)),
        "COST_ESTIMATED_TOO_EXPENSIVE",
        "maximum query complexity exceeded 15001 > 1000");
    assertThat(upstreamAfterMeasure).isEqualTo(3);
    assertThat(gateway.upstreamCalls()).isEqualTo(upstreamAfterMeasure);
  }

  @Test
  void post_150AliasesFromPartnerThenMeasureKey_refusedThenRun() {
    String aliases = fixture("s000-12-alias-150");

    HttpResponse<String> refused = gateway.post(PARTNER, Map.of("query", aliases));
    HttpResponse<String> measured = gateway.post(MEASURE, Map.of("query", aliases));

    assertRefused(refused, "MAX_ALIASES_EXCEEDED", "150 aliases found. Allowed: 20");
    assertReported(measured, "MAX_ALIASES_EXCEEDED", 1_050);
  }

  private void assertReported(HttpResponse<String> response, String code, long cost) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode body = body(response);
    assertThat(body.has("errors")).isFalse();
    assertThat(body.at("/extensions/cost/wouldRefuse").asText()).isEqualTo(code);
    assertThat(body.at("/extensions/cost/estimated").asLong()).isEqualTo(cost);
    assertThat(body.at("/extensions/cost/max").asLong()).isEqualTo(1_000);
    assertThat(body.at("/extensions/rateLimit/cost").asLong()).isEqualTo(cost);
    assertThat(body.at("/extensions/rateLimit/remaining").asLong()).isEqualTo(CAPACITY - cost);
    assertThat(gateway.upstream.requests()).isNotEmpty();
    assertThat(wouldRefuse(code)).isPositive();
  }

  private static void assertRefused(HttpResponse<String> response, String code, String message) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
    JsonNode body = body(response);
    assertThat(body.at("/errors/0/extensions/code").asText()).isEqualTo(code);
    assertThat(body.at("/errors/0/message").asText()).isEqualTo(message);
    assertThat(body.has("data")).isFalse();
    assertThat(body.at("/extensions/cost").has("wouldRefuse")).isFalse();
    assertThat(body.at("/extensions/rateLimit/cost").asLong()).isZero();
  }

  /** {@code tollgate_would_refuse_total{code="..."}}, read from {@code /metrics}; 0 when absent. */
  private long wouldRefuse(String code) {
    String line =
        "(?m)^tollgate_would_refuse_total\\{code=\"" + Pattern.quote(code) + "\"} (\\d+)$";
    Matcher matcher = Pattern.compile(line).matcher(gateway.metricsText());
    return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
  }
}
