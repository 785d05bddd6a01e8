package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.registry.admission.FakeClock;
import dev.tollgate.registry.admission.RecordingBudgetLedger;
import dev.tollgate.registry.admission.UnavailableBudgetLedger;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A refusal reports the caller's balance without charging it or calling the budget store, so it is
 * answered the same when the store is down; a charge the store cannot take is a 503.
 */
final class GatewayBudgetStoreTest {

  private static final String KEY = "partner-key";
  private static final String MALFORMED = "{\"query\": \"{ __typename }\"";

  @Test
  void post_malformedJson_readsTheBalanceWithoutCharging() {
    RecordingBudgetLedger ledger = new RecordingBudgetLedger(new FakeClock());
    try (GatewayHarness gateway = GatewayHarness.startWith(ledger)) {

      HttpResponse<String> response = gateway.post(KEY, MALFORMED);

      assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
      assertThat(body(response).at("/extensions/rateLimit/remaining").asLong()).isEqualTo(100_000);
      assertThat(response.headers().firstValue("X-RateLimit-Remaining")).hasValue("100000");
      assertThat(ledger.charges()).isEmpty();
    }
  }

  @Test
  void post_malformedJson_budgetStoreDown_400WithoutBalance() {
    UnavailableBudgetLedger ledger = new UnavailableBudgetLedger();
    try (GatewayHarness gateway = GatewayHarness.startWith(ledger)) {

      HttpResponse<String> response = gateway.post(KEY, MALFORMED);

      assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
      JsonNode body = body(response);
      assertThat(body.at("/errors/0/extensions/code").asText()).isEqualTo("BAD_REQUEST");
      assertThat(body.at("/errors/0/message").asText()).contains("request body is not valid JSON");
      assertThat(body.at("/extensions").has("rateLimit")).isFalse();
      assertThat(response.headers().firstValue("X-RateLimit-Limit")).isEmpty();
      assertThat(ledger.calls()).isZero();
      assertThat(gateway.upstreamCalls()).isZero();
    }
  }

  @Test
  void post_admittedQuery_budgetStoreDown_503WithRetryAfter() {
    try (GatewayHarness gateway = GatewayHarness.startWith(new UnavailableBudgetLedger())) {

      HttpResponse<String> response = gateway.post(KEY, Map.of("query", "{ __typename }"));

      assertThat(response.statusCode()).as(response.body()).isEqualTo(503);
      assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
      assertThat(body(response).at("/errors/0/extensions/code").asText())
          .isEqualTo("BUDGET_STORE_UNAVAILABLE");
      assertThat(gateway.upstreamCalls()).isZero();
    }
  }
}
