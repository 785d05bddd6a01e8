package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static dev.tollgate.registry.http.GatewayHarness.persistedQuery;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** Trusted mode: only registered documents of the caller's apps run, charged their stored price. */
final class GatewayTrustedModeTest {

  private static final String CARGO =
      "query Cargo { cargo(trackingId: \"ABC123\") { id trackingId } }";
  private static final String REGISTER =
      "mutation Register { registerHandlingEvent(input: {trackingId: \"A\", type: LOAD, locationCode: \"X\", completionTime: \"t\"}) { id } }";

  @AutoClose private final GatewayHarness gateway = GatewayHarness.start();
  private final DocumentHash cargo =
      gateway.publishFixed("web", "1", CARGO, "Cargo", OperationKind.QUERY, 3);

  @Test
  void post_registeredDocumentId_runsAtStoredPrice() {
    HttpResponse<String> response =
        gateway.post("trusted-key", Map.of("documentId", cargo.prefixed()));

    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode body = body(response);
    assertThat(body.at("/data/operationName").asText()).isEqualTo("Cargo");
    assertThat(body.at("/extensions/upstream").asText()).isEqualTo("fake");
    assertThat(body.at("/extensions/cost/estimated").asLong()).isEqualTo(3);
    assertThat(body.at("/extensions/rateLimit/cost").asLong()).isEqualTo(3);
    assertThat(body.at("/extensions/rateLimit/remaining").asLong()).isEqualTo(9_997);
    assertThat(gateway.upstream.requests())
        .singleElement()
        .satisfies(request -> assertThat(request.query()).isEqualTo(CARGO));
  }

  @Test
  void post_persistedQueryHashOfRegisteredDocument_runs() {
    HttpResponse<String> response =
        gateway.post("trusted-key", Map.of("extensions", persistedQuery(cargo)));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(gateway.upstreamCalls()).isEqualTo(1);
  }

  @Test
  void post_unknownId_404NotInList() {
    HttpResponse<String> response =
        gateway.post("trusted-key", Map.of("documentId", DocumentHash.of("{ x }").hex()));

    assertRefused(response, 404, "PERSISTED_QUERY_NOT_IN_LIST");
  }

  @Test
  void post_registeredId_runsWithoutParsingTheText() {
    DocumentHash unparseable =
        gateway.publishFixed("web", "2", "not GraphQL at all {", null, OperationKind.QUERY, 5);

    HttpResponse<String> response =
        gateway.post("trusted-key", Map.of("documentId", unparseable.hex()));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(body(response).at("/extensions/cost/estimated").asLong()).isEqualTo(5);
  }

  @Test
  void post_registeredIntrospectionDocument_runsUnderAPolicyWithoutIntrospection() {
    // trusted-key's policy has introspection off; that switch governs analysed text, and a
    // registered document is admitted on its stored price alone (README, "trusted keys")
    String schemaQuery = "query Types { __schema { queryType { name } } }";
    DocumentHash types = gateway.publish("web", "2", schemaQuery);

    HttpResponse<String> byId = gateway.post("trusted-key", Map.of("documentId", types.hex()));
    HttpResponse<String> byText = gateway.post("trusted-key", Map.of("query", schemaQuery));

    assertThat(byId.statusCode()).as(byId.body()).isEqualTo(200);
    assertThat(byText.statusCode()).as(byText.body()).isEqualTo(200);
    assertThat(gateway.upstreamCalls()).isEqualTo(2);
  }

  @Test
  void post_unregisteredIntrospectionText_stillRefused() {
    HttpResponse<String> response =
        gateway.post("partner-key", Map.of("query", "{ __type(name: \"Cargo\") { name } }"));

    assertRefused(response, 403, "INTROSPECTION_DISABLED");
  }

  @Test
  void post_unregisteredText_403NotInSafelist() {
    HttpResponse<String> response =
        gateway.post("trusted-key", Map.of("query", "{ cargo(trackingId: \"X\") { id } }"));

    assertRefused(response, 403, "QUERY_NOT_IN_SAFELIST");
  }

  @Test
  void post_registeredText_runs() {
    HttpResponse<String> response = gateway.post("trusted-key", Map.of("query", CARGO));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(gateway.upstreamCalls()).isEqualTo(1);
  }

  @Test
  void post_textWhenIdRequired_400IdRequired() {
    HttpResponse<String> response = gateway.post("strict-key", Map.of("query", CARGO));

    assertRefused(response, 400, "PERSISTED_QUERY_ID_REQUIRED");
  }

  @Test
  void post_idWhenIdRequired_runs() {
    assertThat(gateway.post("strict-key", Map.of("documentId", cargo.hex())).statusCode())
        .isEqualTo(200);
  }

  @Test
  void post_documentOfAnotherApp_notInList() {
    DocumentHash mobile =
        gateway.publishFixed(
            "mobile",
            "1",
            "query M { cargo(trackingId: \"M\") { id } }",
            "M",
            OperationKind.QUERY,
            2);

    assertRefused(
        gateway.post("trusted-key", Map.of("documentId", mobile.hex())),
        404,
        "PERSISTED_QUERY_NOT_IN_LIST");
  }

  @Test
  void post_retiredVersion_stopsBeingAdmitted() {
    assertThat(gateway.post("trusted-key", Map.of("documentId", cargo.hex())).statusCode())
        .isEqualTo(200);

    gateway.retire("web", "1");

    HttpResponse<String> byId = gateway.post("trusted-key", Map.of("documentId", cargo.hex()));
    HttpResponse<String> byText = gateway.post("trusted-key", Map.of("query", CARGO));

    assertThat(byId.statusCode()).isEqualTo(404);
    assertThat(body(byId).at("/errors/0/extensions/code").asText())
        .isEqualTo("PERSISTED_QUERY_NOT_IN_LIST");
    assertThat(byText.statusCode()).isEqualTo(403);
    assertThat(gateway.upstreamCalls()).isEqualTo(1);
  }

  @Test
  void post_publishedByAnotherGateway_admittedAfterThePollSeesTheChange() {
    String text = "query Elsewhere { cargo(trackingId: \"E\") { id } }";
    DocumentHash hash = DocumentHash.of(text);
    gateway.registry.publish(
        "web",
        "9",
        new StoredDocument(
            hash,
            text,
            Instant.EPOCH,
            List.of(
                new StoredOperation(
                    "Elsewhere",
                    OperationKind.QUERY,
                    GatewayHarness.FixedPrice.PREFIX + 2,
                    2,
                    1,
                    0,
                    5,
                    "t"))));
    assertThat(gateway.post("trusted-key", Map.of("documentId", hash.hex())).statusCode())
        .isEqualTo(404);

    gateway.catalog.refreshIfChanged();

    assertThat(gateway.post("trusted-key", Map.of("documentId", hash.hex())).statusCode())
        .isEqualTo(200);
  }

  @Test
  void post_unknownIdFlood_makesNoStoreReads() {
    int before = gateway.registry.documentReads();

    for (int i = 0; i < 200; i++) {
      HttpResponse<String> response =
          gateway.post(
              "trusted-key", Map.of("documentId", DocumentHash.of("{ flood" + i + " }").hex()));
      assertThat(response.statusCode()).isEqualTo(404);
    }

    assertThat(gateway.registry.documentReads()).isEqualTo(before);
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void post_anonymousCaller_usesAnonymousPolicy() {
    assertThat(gateway.post(null, Map.of("documentId", cargo.hex())).statusCode()).isEqualTo(200);
  }

  @Test
  void post_unknownKey_401() {
    HttpResponse<String> response = gateway.post("who-knows", Map.of("documentId", cargo.hex()));

    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(body(response).at("/errors/0/extensions/code").asText())
        .isEqualTo("UNAUTHENTICATED");
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void get_registeredMutation_405AllowPost() {
    DocumentHash register =
        gateway.publishFixed("web", "2", REGISTER, "Register", OperationKind.MUTATION, 11);

    HttpResponse<String> response =
        gateway.get("trusted-key", Map.of("documentId", register.hex()));

    assertRefused(response, 405, "METHOD_NOT_ALLOWED");
    assertThat(response.headers().firstValue("Allow")).hasValue("POST");
  }

  @Test
  void post_registeredMutation_runs() {
    DocumentHash register =
        gateway.publishFixed("web", "2", REGISTER, "Register", OperationKind.MUTATION, 11);

    assertThat(gateway.post("trusted-key", Map.of("documentId", register.hex())).statusCode())
        .isEqualTo(200);
  }

  @Test
  void post_priceAboveMaximum_refusedAndNotCharged() {
    DocumentHash costly =
        gateway.publishFixed(
            "web",
            "2",
            "query Costly { cargos(first: 50) { edges { cursor } } }",
            "Costly",
            OperationKind.QUERY,
            1_001);

    HttpResponse<String> response = gateway.post("trusted-key", Map.of("documentId", costly.hex()));

    assertRefused(response, 400, "COST_ESTIMATED_TOO_EXPENSIVE");
    JsonNode body = body(response);
    assertThat(body.at("/errors/0/message").asText())
        .isEqualTo("maximum query complexity exceeded 1001 > 1000");
    assertThat(body.at("/errors/0/extensions/cost/estimated").asLong()).isEqualTo(1_001);
    assertThat(body.at("/errors/0/extensions/cost/max").asLong()).isEqualTo(1_000);
    assertThat(body.at("/extensions/rateLimit/remaining").asLong()).isEqualTo(10_000);
  }

  @Test
  void post_unknownOperationName_400() {
    HttpResponse<String> response =
        gateway.post("trusted-key", Map.of("documentId", cargo.hex(), "operationName", "Other"));

    assertRefused(response, 400, "OPERATION_RESOLUTION_FAILURE");
  }

  private void assertRefused(HttpResponse<String> response, int status, String code) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    JsonNode body = body(response);
    assertThat(body.at("/errors/0/extensions/code").asText()).isEqualTo(code);
    assertThat(body.has("data")).isFalse();
    assertThat(body.at("/extensions/rateLimit").isObject()).isTrue();
    assertThat(response.headers().firstValue("Cache-Control"))
        .hasValue("private, no-cache, must-revalidate");
    assertThat(gateway.upstreamCalls()).isZero();
  }
}
