package dev.tollgate.example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.AnalysedDocument;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.spring.TollgateHooks;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.graphql.execution.GraphQlSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The demo manifest's mutation runs here as at the demo registry's upstream (admitted, charged,
 * then answered with the event it registered; a bad input is {@code BAD_USER_INPUT}), and a POST
 * body names its document by Relay's {@code doc_id} or {@code id} as the gateway reads them.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class MutationAndRelayIdTest {

  /** The demo manifest's RegisterHandlingEvent (manifests/cargo-web.json), byte for byte. */
  private static final String REGISTER =
      ""
          + "mutation RegisterHandlingEvent($input: RegisterHandlingEventInput!) {\n"
          + "  registerHandlingEvent(input: $input) {\n"
          + "    id\n"
          + "    type\n"
          + "    completionTime\n"
          + "    voyageNumber\n"
          + "    location {\n"
          + "      code\n"
          + "    }\n"
          + "    cargo {\n"
          + "      trackingId\n"
          + "      delivery {\n"
          + "        transportStatus\n"
          + "        misdirected\n"
          + "        lastKnownLocation {\n"
          + "          code\n"
          + "        }\n"
          + "      }\n"
          + "    }\n"
          + "  }\n"
          + "}\n";

  private static final String TRACK =
      "query Track($id: String!) { cargo(trackingId: $id) { trackingId origin { code } } }";

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TestConfiguration
  static class Registry {
    @Bean
    InMemoryRegistry registry() {
      return new InMemoryRegistry();
    }
  }

  @LocalServerPort int port;
  @Autowired InMemoryRegistry registry;
  @Autowired GraphQlSource graphQlSource;
  @Autowired TollgateHooks tollgate;

  private DocumentHash register;
  private DocumentHash track;

  @BeforeEach
  void publish() {
    register = publish(REGISTER);
    track = publish(TRACK);
    tollgate.refresh();
  }

  @Test
  void registerHandlingEvent_admittedCharged_answersTheEventItRegistered() throws Exception {
    Map<String, Object> input =
        Map.of(
            "trackingId", "ABC123",
            "type", "LOAD",
            "locationCode", "HKHKG",
            "voyageNumber", "V100",
            "completionTime", "2026-12-01T10:00:00Z");

    JsonNode body = post(Map.of("documentId", register.hex(), "variables", Map.of("input", input)));

    assertThat(body.has("errors")).as(body.toString()).isFalse();
    JsonNode event = body.get("data").get("registerHandlingEvent");
    assertThat(event.get("id").asText()).startsWith("evt_");
    assertThat(event.get("type").asText()).isEqualTo("LOAD");
    assertThat(event.get("completionTime").asText()).isEqualTo("2026-12-01T10:00:00Z");
    assertThat(event.get("voyageNumber").asText()).isEqualTo("V100");
    assertThat(event.get("location").get("code").asText()).isEqualTo("HKHKG");
    assertThat(event.get("cargo").get("trackingId").asText()).isEqualTo("ABC123");
    // the manifest's price (manifests/README.md): registerHandlingEvent 1 + id, type,
    // completionTime, voyageNumber 4 + location 2 + cargo (1 + trackingId 1 + delivery 5) 7 = 14
    assertThat(body.get("extensions").get("cost").get("estimated").asInt()).isEqualTo(14);
  }

  @Test
  void registerHandlingEvent_loadWithoutVoyage_badUserInput() throws Exception {
    Map<String, Object> input =
        Map.of(
            "trackingId", "ABC123",
            "type", "LOAD",
            "locationCode", "HKHKG",
            "completionTime", "2026-12-01T10:00:00Z");

    JsonNode body = post(Map.of("documentId", register.hex(), "variables", Map.of("input", input)));

    JsonNode error = body.get("errors").get(0);
    assertThat(error.get("message").asText()).isEqualTo("voyageNumber is required for LOAD");
    assertThat(error.get("extensions").get("code").asText()).isEqualTo("BAD_USER_INPUT");
  }

  @Test
  void relayDocId_andId_runTheDocument() throws Exception {
    for (String field : List.of("doc_id", "id")) {
      JsonNode body = post(Map.of(field, track.hex(), "variables", Map.of("id", "ABC123")));

      assertThat(body.has("errors")).as(field + ": " + body).isFalse();
      assertThat(body.get("data").get("cargo").get("trackingId").asText()).isEqualTo("ABC123");
    }
  }

  @Test
  void relayDocIdByGet_runs_differingIds_refusedBadRequest() throws Exception {
    String variables = "&variables=%7B%22id%22%3A%22ABC123%22%7D";
    HttpResponse<String> ran = get("doc_id=" + track.hex() + variables);
    HttpResponse<String> differ =
        get("documentId=" + track.hex() + "&doc_id=" + register.hex() + variables);

    assertThat(ran.statusCode()).as(ran.body()).isEqualTo(200);
    assertThat(JSON.readTree(ran.body()).get("data").get("cargo").get("trackingId").asText())
        .isEqualTo("ABC123");
    assertThat(differ.statusCode()).as(differ.body()).isEqualTo(400);
    JsonNode error = JSON.readTree(differ.body()).get("errors").get(0);
    assertThat(error.get("message").asText()).isEqualTo("documentId and doc_id differ");
    assertThat(error.get("extensions").get("code").asText()).isEqualTo("BAD_REQUEST");
  }

  @Test
  void documentIdAndDocId_differ_refused400() throws Exception {
    HttpResponse<String> response =
        send(Map.of("documentId", track.hex(), "doc_id", register.hex(), "variables", Map.of()));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
  }

  private DocumentHash publish(String text) {
    OperationPricer pricer = new OperationPricer(graphQlSource.schema(), CostModel.book());
    AnalysedDocument analysed = pricer.analyse(text, 5000);
    List<StoredOperation> operations = new ArrayList<>();
    analysed
        .operations()
        .forEach(
            operation -> operations.add(StoredOperation.of(operation, analysed.tokens(), "t")));
    DocumentHash hash = DocumentHash.of(text);
    registry.publish("cargo-web", "1", new StoredDocument(hash, text, Instant.EPOCH, operations));
    return hash;
  }

  private JsonNode post(Map<String, ?> request) throws Exception {
    HttpResponse<String> response = send(request);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private HttpResponse<String> get(String parameters) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/graphql?" + parameters))
            .header("Accept", "application/json")
            .header("X-API-Key", "web-demo")
            .GET()
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> send(Map<String, ?> request) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/graphql"))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .header("X-API-Key", "web-demo")
            .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(request)))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
