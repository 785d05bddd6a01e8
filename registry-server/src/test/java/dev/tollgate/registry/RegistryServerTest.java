package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.demo.DemoManifest;
import dev.tollgate.registry.document.DocumentHash;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole server as {@code java -jar registry-server.jar} starts it: the embedded demo, wired end
 * to end.
 */
final class RegistryServerTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CHAPTER_1 =
      "{ cargos(first: 50) { edges { node { handlingHistory(first: 50) { edges "
          + "{ node { cargo { handlingHistory(first: 50) { edges { node { id } } } } } } } } } } }";

  @TempDir Path dataDir;

  private final HttpClient client = HttpClient.newHttpClient();
  private RegistryServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void start_demo_publishesDemoManifestAsCargoWeb() throws Exception {
    server = RegistryServer.start(DemoConfig.create(0, dataDir));

    JsonNode apps = json(get("/v1/apps", "Authorization", "Bearer admin-demo"));

    assertThat(apps.toString())
        .contains("cargo-web")
        .contains(DemoManifest.version(DemoManifest.read()));
    assertThat(json(get("/health")).get("documents").asInt()).isEqualTo(demoOperationCount());
  }

  @Test
  void unauthenticatedRoutes_demo_printNoKeyMaterial() throws Exception {
    server = RegistryServer.start(DemoConfig.create(0, dataDir));
    // a request by each key first, so that anything labelled by caller is in /metrics
    post("/graphql", "{\"query\":\"{ __typename }\"}", "X-API-Key", DemoConfig.OPEN_KEY);
    post("/graphql", "{\"query\":\"{ __typename }\"}", "X-API-Key", DemoConfig.TRUSTED_KEY);
    post("/graphql", "{\"query\":\"{ __typename }\"}", "X-API-Key", "not-a-key");

    HttpResponse<String> priceList = get("/v1/price-list");

    assertThat(priceList.statusCode()).isEqualTo(200);
    assertThat(json(priceList).get("policies").fieldNames())
        .toIterable()
        .containsExactly("anonymous", "partner", "web");
    for (HttpResponse<String> response :
        java.util.List.of(
            priceList,
            get("/metrics"),
            get("/health"),
            post("/graphql", "{\"query\":\"{ __typename }\"}", "X-API-Key", "not-a-key"))) {
      assertThat(response.body())
          .doesNotContain(DemoConfig.TRUSTED_KEY)
          .doesNotContain(DemoConfig.OPEN_KEY)
          .doesNotContain(DemoConfig.ADMIN_TOKEN)
          .doesNotContain("not-a-key");
    }
  }

  @Test
  void gateway_registeredGetByTrustedKey_runsOnDemoUpstream() throws Exception {
    server = RegistryServer.start(DemoConfig.create(0, dataDir));
    String id = demoOperationId("TrackCargo");

    HttpResponse<String> response =
        get(
            "/graphql?documentId="
                + id
                + "&variables="
                + URLEncoder.encode("{\"trackingId\":\"ABC123\"}", StandardCharsets.UTF_8),
            "X-API-Key",
            "web-demo");

    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode body = json(response);
    assertThat(body.at("/data/cargo/trackingId").asText()).isEqualTo("ABC123");
    assertThat(body.at("/extensions/rateLimit/cost").asLong()).isPositive();
    assertThat(response.headers().firstValue("ETag")).isPresent();
    assertThat(response.headers().firstValue("X-RateLimit-Limit")).hasValue("10000");
  }

  @Test
  void gateway_openKeyChapterOneQuery_refusedAtBookPrice() throws Exception {
    server = RegistryServer.start(DemoConfig.create(0, dataDir));

    HttpResponse<String> response =
        post(
            "/graphql",
            JSON.writeValueAsString(java.util.Map.of("query", CHAPTER_1)),
            "X-API-Key",
            "partner-demo");

    assertThat(json(response).at("/errors/0/message").asText())
        .isEqualTo("maximum query complexity exceeded 385151 > 1000");
    assertThat(metric("tollgate_upstream_requests_total")).isZero();
  }

  @Test
  void gateway_unknownIdFlood_readsNoDocumentFromTheStore() throws Exception {
    server = RegistryServer.start(DemoConfig.create(0, dataDir));
    String known = "{\"documentId\":\"" + demoOperationId("CargoDashboard") + "\"}";
    post("/graphql", known, "X-API-Key", "web-demo");
    post("/graphql", known, "X-API-Key", "web-demo");
    long readsAfterKnown = metric("tollgate_registry_document_reads_total");

    for (int i = 0; i < 200; i++) {
      String unknown = DocumentHash.of("unknown " + i).hex();
      HttpResponse<String> response =
          post("/graphql", "{\"documentId\":\"" + unknown + "\"}", "X-API-Key", "web-demo");
      // no Accept: application/json, where a refusal is a 200 (GraphQL over HTTP)
      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(json(response).at("/errors/0/extensions/code").asText())
          .isEqualTo("PERSISTED_QUERY_NOT_IN_LIST");
    }

    // the registered document is read once, then served from the catalog's cache
    assertThat(readsAfterKnown).isEqualTo(1);
    assertThat(metric("tollgate_registry_document_reads_total")).isEqualTo(readsAfterKnown);
    assertThat(metric("tollgate_upstream_requests_total")).isEqualTo(2);
  }

  @Test
  void publish_newVersion_admittedAtOnceThenRetiredStopsIt() throws Exception {
    server = RegistryServer.start(DemoConfig.create(0, dataDir));
    String body = "query Newest { cargos(first: 2) { edges { node { trackingId } } } }";
    String id = DocumentHash.of(body).hex();
    String manifest = JSON.writeValueAsString(java.util.Map.of(id, body));

    HttpResponse<String> published =
        post("/v1/apps/cargo-web/versions/2", manifest, "Authorization", "Bearer admin-demo");
    HttpResponse<String> admitted =
        post("/graphql", "{\"documentId\":\"" + id + "\"}", "X-API-Key", "web-demo");
    // it served a request just now: forced past the retire protection (issue 26)
    delete("/v1/apps/cargo-web/versions/2?force=true");
    HttpResponse<String> afterRetire =
        post("/graphql", "{\"documentId\":\"" + id + "\"}", "X-API-Key", "web-demo");

    assertThat(published.statusCode()).isEqualTo(201);
    assertThat(admitted.statusCode()).isEqualTo(200);
    // cargos(first: 2) { edges { node { trackingId } } }: 1 + 2 x (1 + (1 + 1)) = 7
    assertThat(json(admitted).at("/extensions/rateLimit/cost").asLong()).isEqualTo(7);
    // no Accept: application/json, where a refusal is a 200 (GraphQL over HTTP)
    assertThat(afterRetire.statusCode()).isEqualTo(200);
    assertThat(json(afterRetire).at("/errors/0/extensions/code").asText())
        .isEqualTo("PERSISTED_QUERY_NOT_IN_LIST");
  }

  @Test
  void restart_sameDataDir_keepsDocumentsAppsAndVersions() throws Exception {
    server = RegistryServer.start(DemoConfig.create(0, dataDir));
    String body = "query Kept { cargo(trackingId: \\\"ABC123\\\") { trackingId } }";
    String manifest =
        "{\"" + DocumentHash.of(body.replace("\\\"", "\"")).hex() + "\": \"" + body + "\"}";
    assertThat(
            post("/v1/apps/other-app/versions/7", manifest, "Authorization", "Bearer admin-demo")
                .statusCode())
        .isEqualTo(201);
    server.close();

    server = RegistryServer.start(DemoConfig.create(0, dataDir));

    assertThat(
            get("/v1/apps/other-app/versions/7", "Authorization", "Bearer admin-demo").statusCode())
        .isEqualTo(200);
    assertThat(
            get(
                    "/v1/documents/" + DocumentHash.of(body.replace("\\\"", "\"")).prefixed(),
                    "Authorization",
                    "Bearer admin-demo")
                .statusCode())
        .isEqualTo(200);
    assertThat(json(get("/health")).get("documents").asInt()).isEqualTo(demoOperationCount() + 1);
  }

  private static int demoOperationCount() throws IOException {
    return JSON.readTree(DemoManifest.read()).get("operations").size();
  }

  private static String demoOperationId(String name) throws IOException {
    for (JsonNode operation : JSON.readTree(DemoManifest.read()).get("operations")) {
      if (operation.get("name").asText().equals(name)) {
        return operation.get("id").asText();
      }
    }
    throw new AssertionError("no demo operation " + name);
  }

  private long metric(String name) throws Exception {
    for (String line : get("/metrics").body().split("\n")) {
      if (line.startsWith(name + " ")) {
        return (long) Double.parseDouble(line.substring(name.length() + 1).trim());
      }
    }
    throw new AssertionError("no metric " + name);
  }

  private HttpResponse<String> get(String path, String... headers) throws Exception {
    return send(request(path, headers).GET());
  }

  private HttpResponse<String> post(String path, String body, String... headers) throws Exception {
    return send(
        request(path, headers)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  private void delete(String path) throws Exception {
    HttpResponse<String> response =
        send(request(path, "Authorization", "Bearer admin-demo").DELETE());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }

  private HttpRequest.Builder request(String path, String... headers) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create("http://localhost:" + server.port() + path));
    for (int i = 0; i < headers.length; i += 2) {
      builder.header(headers[i], headers[i + 1]);
    }
    return builder;
  }

  private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode json(HttpResponse<String> response) throws IOException {
    return JSON.readTree(response.body());
  }
}
