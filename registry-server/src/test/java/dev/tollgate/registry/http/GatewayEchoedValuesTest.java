package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * Issue 10, item 7: a message that echoes the offending value is capped, so a small request cannot
 * get a much larger answer (6.4 KB asked, 128 KB answered: 20×, before).
 */
final class GatewayEchoedValuesTest {

  @AutoClose private final GatewayHarness gateway = GatewayHarness.start();

  /** {@code [[1,1,...]]}: 40 lists of 40 ones, 1,600 elements. */
  private static String nestedLiteral() {
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      rows.add("[" + String.join(",", java.util.Collections.nCopies(40, "1")) + "]");
    }
    return "[" + String.join(",", rows) + "]";
  }

  @Test
  void post_nestedListLiteralForAnInt_answerNoLargerThanTheRequest() {
    String request =
        GatewayHarness.json(
            Map.of(
                "query",
                "{ cargos(first: " + nestedLiteral() + ") { edges { node { trackingId } } } }"));

    HttpResponse<String> response = gateway.post("partner-key", request);

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(body(response).at("/errors/0/extensions/code").asText())
        .isEqualTo("GRAPHQL_VALIDATION_FAILED");
    assertThat(body(response).at("/errors/0/message").asText()).contains("characters left out");
    // the request is 3.3 KB; the answer had the AST of the value printed whole (about 20×)
    assertThat(response.body().length()).isLessThan(request.length());
  }

  @Test
  void post_nestedListVariableForAnInt_answerNoLargerThanTheRequest() {
    List<List<Integer>> value = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      value.add(java.util.Collections.nCopies(40, 1));
    }
    String request =
        GatewayHarness.json(
            Map.of(
                "query",
                "query Q($n: Int) { cargos(first: $n) { edges { node { trackingId } } } }",
                "variables",
                Map.of("n", value)));

    HttpResponse<String> response = gateway.post("partner-key", request);

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(body(response).at("/errors/0/extensions/code").asText()).isEqualTo("BAD_USER_INPUT");
    assertThat(response.body().length()).isLessThan(request.length());
    assertThat(body(response).at("/errors/0/message").asText().length()).isLessThanOrEqualTo(340);
  }
}
