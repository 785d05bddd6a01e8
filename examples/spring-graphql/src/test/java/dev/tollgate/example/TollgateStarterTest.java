package dev.tollgate.example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.catalog.InMemoryRegistry;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.AnalysedDocument;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.spring.TollgateHooks;
import graphql.execution.instrumentation.FieldFetchingInstrumentationContext;
import graphql.execution.instrumentation.Instrumentation;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.parameters.InstrumentationFieldFetchParameters;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.graphql.execution.GraphQlSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * The example application on a random port, over real HTTP: Tollgate admits through the starter.
 * The registered documents come from an in-memory registry (the core's test helper), priced with
 * the application's own schema; every data fetcher call is counted by an instrumentation bean of
 * the application's, which the starter keeps beside its own.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "tollgate.keys.small-demo=small",
      "tollgate.policies.small.apps=cargo-web",
      "tollgate.policies.small.budget-capacity=20",
      "tollgate.policies.small.budget-refill-per-second=0.001"
    })
class TollgateStarterTest {

  /** Book model: cargos(first: n) is 1 + 3n, so 16 at n = 5; the answer holds 3 cargos: 10. */
  private static final String PAGE =
      "query Page($n: Int) { cargos(first: $n) { edges { node { trackingId } } } }";

  private static final String TRACK =
      "query Track($id: String!) { cargo(trackingId: $id) { trackingId origin { code } } }";

  private static final String REGISTER =
      "mutation Register($e: RegisterHandlingEventInput!) {"
          + " registerHandlingEvent(input: $e) { __typename } }";

  private static final String GRAPHQL_RESPONSE = "application/graphql-response+json";

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TestConfiguration
  static class Registry {
    @Bean
    InMemoryRegistry registry() {
      return new InMemoryRegistry();
    }

    @Bean
    FetchCounter fetchCounter() {
      return new FetchCounter();
    }
  }

  /** Counts every data fetcher call (property fetchers included). */
  static final class FetchCounter implements Instrumentation {
    final AtomicInteger fetches = new AtomicInteger();

    @Override
    public FieldFetchingInstrumentationContext beginFieldFetching(
        InstrumentationFieldFetchParameters parameters, InstrumentationState state) {
      fetches.incrementAndGet();
      return FieldFetchingInstrumentationContext.NOOP;
    }
  }

  @LocalServerPort int port;
  @Autowired InMemoryRegistry registry;
  @Autowired RegistryReader reader;
  @Autowired GraphQlSource graphQlSource;
  @Autowired TollgateHooks tollgate;
  @Autowired FetchCounter counter;

  private DocumentHash page;
  private DocumentHash track;
  private DocumentHash register;

  @BeforeEach
  void publish() {
    page = publish(PAGE);
    track = publish(TRACK);
    register = publish(REGISTER);
    tollgate.refresh();
  }

  @Test
  void context_usesTheApplicationsRegistryReader() {
    assertThat(reader).isSameAs(registry);
  }

  @Test
  void apqId_runsWithTheGatewaysCost() throws Exception {
    Map<String, Object> body =
        post(
            "web-demo",
            Map.of(
                "variables", Map.of("n", 5),
                "extensions",
                    Map.of("persistedQuery", Map.of("version", 1, "sha256Hash", page.hex()))));

    assertThat(body).doesNotContainKey("errors");
    assertThat(edges(body)).hasSize(3);
    Map<String, Object> extensions = map(body.get("extensions"));
    assertThat(extensions.get("cost"))
        .isEqualTo(Map.of("estimated", 16, "max", 1000, "actual", 10));
    assertThat(map(extensions.get("rateLimit"))).containsEntry("cost", 16);
  }

  @Test
  void documentIdWithoutQuery_runs() throws Exception {
    Map<String, Object> body =
        post(
            "web-demo",
            Map.of("documentId", "sha256:" + track.hex(), "variables", Map.of("id", "ABC123")));

    assertThat(body).doesNotContainKey("errors");
    assertThat(body.get("data"))
        .isEqualTo(
            Map.of("cargo", Map.of("trackingId", "ABC123", "origin", Map.of("code", "HKHKG"))));
    assertThat(map(body.get("extensions"))).containsKey("cost");
  }

  @Test
  void unknownId_refusedNotInList_noFetcherRuns() throws Exception {
    DocumentHash unknown = DocumentHash.of("{ cargos { edges { cursor } } }");
    int before = counter.fetches.get();

    Map<String, Object> body = post("web-demo", Map.of("documentId", unknown.hex()));

    assertThat(codes(body)).containsExactly("PERSISTED_QUERY_NOT_IN_LIST");
    assertThat(body).doesNotContainKey("data");
    assertThat(counter.fetches.get()).isEqualTo(before);
  }

  @Test
  void textUnderTheTrustedKey_refused_noFetcherRuns() throws Exception {
    int before = counter.fetches.get();

    Map<String, Object> body = post("web-demo", Map.of("query", PAGE));

    // web-demo's policy has requireId, as the demo's: the gateway's code for text without an id
    assertThat(codes(body)).containsExactly("PERSISTED_QUERY_ID_REQUIRED");
    assertThat(body).doesNotContainKey("data");
    assertThat(counter.fetches.get()).isEqualTo(before);
  }

  @Test
  void textUnderATrustedKeyWithoutRequireId_refusedNotInSafelist() throws Exception {
    int before = counter.fetches.get();

    // registered text would run as its document: this one is not registered
    Map<String, Object> body =
        post("small-demo", Map.of("query", "{ cargos { edges { cursor } } }"));

    assertThat(codes(body)).containsExactly("QUERY_NOT_IN_SAFELIST");
    assertThat(counter.fetches.get()).isEqualTo(before);
  }

  @Test
  void overBudget_refusedRateLimited_noFetcherRuns() throws Exception {
    Map<String, ?> apq =
        Map.of(
            "variables", Map.of("n", 5),
            "extensions", Map.of("persistedQuery", Map.of("version", 1, "sha256Hash", page.hex())));
    assertThat(post("small-demo", apq)).doesNotContainKey("errors");
    int before = counter.fetches.get();

    Map<String, Object> body = post("small-demo", apq);
    HttpResponse<String> graphqlResponse = send("small-demo", GRAPHQL_RESPONSE, apq);

    assertThat(codes(body)).containsExactly("RATE_LIMITED");
    // the gateway's statuses: 200 in application/json, the code's 429 in graphql-response+json
    assertThat(graphqlResponse.statusCode()).isEqualTo(429);
    assertThat(graphqlResponse.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith(GRAPHQL_RESPONSE));
    assertThat(codes(read(graphqlResponse))).containsExactly("RATE_LIMITED");
    assertThat(counter.fetches.get()).isEqualTo(before);
  }

  @Test
  void partnerKeyInOpenMode_runsText() throws Exception {
    Map<String, Object> body =
        post("partner-demo", Map.of("query", PAGE, "variables", Map.of("n", 5)));

    assertThat(body).doesNotContainKey("errors");
    assertThat(edges(body)).hasSize(3);
    assertThat(map(map(body.get("extensions")).get("cost"))).containsEntry("estimated", 16);
  }

  @Test
  void unknownId_graphqlResponseJson404_sameBodyAsJson200() throws Exception {
    DocumentHash unknown = DocumentHash.of("{ cargos { edges { cursor } } }");
    Map<String, String> request = Map.of("documentId", unknown.hex());

    HttpResponse<String> graphqlResponse = send("web-demo", GRAPHQL_RESPONSE, request);
    HttpResponse<String> json = send("web-demo", "application/json", request);

    assertThat(graphqlResponse.statusCode()).isEqualTo(404);
    assertThat(json.statusCode()).isEqualTo(200);
    assertThat(codes(read(graphqlResponse))).containsExactly("PERSISTED_QUERY_NOT_IN_LIST");
    // the same body (the budget's remaining may have refilled by one unit in between)
    Map<String, Object> strict = read(graphqlResponse);
    Map<String, Object> lenient = read(json);
    assertThat(strict.get("errors")).isEqualTo(lenient.get("errors"));
    assertThat(strict.keySet()).isEqualTo(lenient.keySet());
    assertThat(map(strict.get("extensions")).keySet())
        .isEqualTo(map(lenient.get("extensions")).keySet());
  }

  @Test
  void unknownKey_refusedUnauthenticated401InBothMediaTypes() throws Exception {
    Map<String, String> request = Map.of("documentId", page.hex());

    HttpResponse<String> json = send("stolen", "application/json", request);
    HttpResponse<String> graphqlResponse = send("stolen", GRAPHQL_RESPONSE, request);

    // about HTTP itself: the gateway's 401 in both
    assertThat(json.statusCode()).isEqualTo(401);
    assertThat(graphqlResponse.statusCode()).isEqualTo(401);
    assertThat(codes(read(json))).containsExactly("UNAUTHENTICATED");
  }

  @Test
  void tourGet_byDocumentId_runsWithTheGatewaysCost() throws Exception {
    HttpResponse<String> response =
        get(
            "web-demo",
            "application/json",
            "documentId=" + track.hex() + "&variables=" + encode("{\"id\":\"ABC123\"}"));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    Map<String, Object> body = read(response);
    assertThat(body).doesNotContainKey("errors");
    assertThat(body.get("data"))
        .isEqualTo(
            Map.of("cargo", Map.of("trackingId", "ABC123", "origin", Map.of("code", "HKHKG"))));
    assertThat(map(map(body.get("extensions")).get("cost"))).containsEntry("estimated", 4);
  }

  @Test
  void getWithApqExtensions_runs() throws Exception {
    String extensions =
        "{\"persistedQuery\":{\"version\":1,\"sha256Hash\":\"" + page.hex() + "\"}}";
    HttpResponse<String> response =
        get(
            "web-demo",
            GRAPHQL_RESPONSE,
            "variables=" + encode("{\"n\":5}") + "&extensions=" + encode(extensions));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(edges(read(response))).hasSize(3);
  }

  @Test
  void mutationByGet_refused405InBothMediaTypes_noFetcherRuns() throws Exception {
    int before = counter.fetches.get();

    HttpResponse<String> json = get("web-demo", "application/json", "documentId=" + register.hex());
    HttpResponse<String> graphqlResponse =
        get("web-demo", GRAPHQL_RESPONSE, "documentId=" + register.hex());

    assertThat(json.statusCode()).as(json.body()).isEqualTo(405);
    assertThat(graphqlResponse.statusCode()).isEqualTo(405);
    assertThat(json.headers().firstValue("Allow")).hasValue("POST");
    assertThat(codes(read(json))).containsExactly("METHOD_NOT_ALLOWED");
    assertThat(counter.fetches.get()).isEqualTo(before);
  }

  @Test
  void getWithVariablesNotJson_badRequest() throws Exception {
    HttpResponse<String> response =
        get("web-demo", "application/json", "documentId=" + track.hex() + "&variables=%7B");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(codes(read(response))).containsExactly("BAD_REQUEST");
    // not an answer to cache, as the gateway's 400
    assertThat(response.headers().firstValue("Cache-Control"))
        .hasValue("private, no-cache, must-revalidate");
  }

  /* ---- helpers ---- */

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

  private Map<String, Object> post(String apiKey, Map<String, ?> request)
      throws IOException, InterruptedException {
    HttpResponse<String> response = send(apiKey, "application/json", request);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return read(response);
  }

  private HttpResponse<String> send(String apiKey, String accept, Map<String, ?> request)
      throws IOException, InterruptedException {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/graphql"))
            .header("Content-Type", "application/json")
            .header("Accept", accept)
            .header("X-API-Key", apiKey)
            .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(request)))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String apiKey, String accept, String parameters)
      throws IOException, InterruptedException {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/graphql?" + parameters))
            .header("Accept", accept)
            .header("X-API-Key", apiKey)
            .GET()
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> read(HttpResponse<String> response) {
    return JSON.readValue(response.body(), Map.class);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value) {
    assertThat(value).isInstanceOf(Map.class);
    return (Map<String, Object>) value;
  }

  private static List<Object> codes(Map<String, Object> body) {
    List<Object> codes = new ArrayList<>();
    ((List<?>) body.getOrDefault("errors", List.of()))
        .forEach(
            error -> codes.add(((Map<?, ?>) ((Map<?, ?>) error).get("extensions")).get("code")));
    return codes;
  }

  private static List<?> edges(Map<String, Object> body) {
    return (List<?>) ((Map<?, ?>) ((Map<?, ?>) body.get("data")).get("cargos")).get("edges");
  }
}
