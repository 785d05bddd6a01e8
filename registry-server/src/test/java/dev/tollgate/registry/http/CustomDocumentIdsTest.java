package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.Mode;
import dev.tollgate.registry.store.StoreSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11, section 4: custom document ids over real HTTP, on a real server with its H2 file store
 * and the in-process demo upstream. A Relay-style {@code {md5: text}} map is published as app
 * {@code relay-web}, an Apollo manifest whose ids came from {@code createOperationId} as app {@code
 * apollo-web}; each id then runs by every transport a client uses, only for keys of its app.
 */
final class CustomDocumentIdsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ADMIN = "admin-aliases";
  private static final String RELAY_KEY = "relay-key";
  private static final String APOLLO_KEY = "apollo-key";
  private static final String BOTH_KEY = "both-key";
  private static final String OPEN_KEY = "open-key";

  private static final String TRACK =
      "query TrackingId($trackingId: String!) { cargo(trackingId: $trackingId) { trackingId } }";
  private static final String PORTS = "query Ports { nodes(ids: [\"loc_NLRTM\"]) { id } }";
  // Relay's default id: the md5 of the text, 32 hex digits
  private static final String RELAY_TRACK = md5(TRACK);
  private static final String RELAY_PORTS = md5(PORTS);
  // what createOperationId often returns: the operation's name
  private static final String APOLLO_TRACK = "TrackingId";
  private static final Map<String, Object> ABC123 = Map.of("trackingId", "ABC123");
  private static final Pattern DOCUMENT_READS =
      Pattern.compile("(?m)^tollgate_registry_document_reads_total (\\d+)$");

  @TempDir Path dataDir;

  private final HttpClient client = HttpClient.newHttpClient();
  private @Nullable RegistryServer server;

  @BeforeEach
  void startAndPublish() throws IOException {
    server = RegistryServer.start(config(dataDir));
    Response relay = publish("relay-web", "1", JSON.writeValueAsString(relayMap()));
    Response apollo = publish("apollo-web", "1", apolloManifest(APOLLO_TRACK, TRACK));
    assertThat(relay.status()).as(relay.body()).isEqualTo(201);
    assertThat(apollo.status()).as(apollo.body()).isEqualTo(201);
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  /* ---- publishing ---- */

  @Test
  void publish_relayMap_reportNamesEachCustomId() throws IOException {
    Response dryRun =
        post("/v1/apps/relay-web/versions/1?dryRun=true", JSON.writeValueAsString(relayMap()));

    JsonNode operations = json(dryRun).get("operations");
    assertThat(dryRun.status()).as(dryRun.body()).isEqualTo(200);
    assertThat(operations).hasSize(2);
    for (JsonNode operation : operations) {
      String id = operation.get("id").asText();
      String expected = id.equals(DocumentHash.of(TRACK).hex()) ? RELAY_TRACK : RELAY_PORTS;
      assertThat(operation.get("customIds")).hasSize(1);
      assertThat(operation.get("customIds").get(0).asText()).isEqualTo(expected);
    }
  }

  @Test
  void publish_aliasOfOtherBodyInActiveVersion_409NamingAliasAndBothIds() throws IOException {
    Response conflict =
        publish("relay-web", "2", JSON.writeValueAsString(Map.of(RELAY_TRACK, PORTS)));
    Response dryRun =
        post(
            "/v1/apps/relay-web/versions/3?dryRun=true",
            JSON.writeValueAsString(Map.of(RELAY_TRACK, PORTS)));
    // another app may give the same id to another body
    Response otherApp =
        publish("other-web", "1", JSON.writeValueAsString(Map.of(RELAY_TRACK, PORTS)));

    for (Response refused : List.of(conflict, dryRun)) {
      assertThat(refused.status()).as(refused.body()).isEqualTo(409);
      JsonNode body = json(refused);
      assertThat(body.get("code").asText()).isEqualTo("ALIAS_CONFLICT");
      assertThat(body.get("message").asText())
          .contains(RELAY_TRACK)
          .contains(DocumentHash.of(TRACK).hex())
          .contains(DocumentHash.of(PORTS).hex());
      assertThat(body.at("/extensions/conflicts/0/alias").asText()).isEqualTo(RELAY_TRACK);
    }
    assertThat(get("/v1/apps/relay-web/versions/2", "Authorization", "Bearer " + ADMIN).status())
        .isEqualTo(404);
    assertThat(otherApp.status()).as(otherApp.body()).isEqualTo(201);
  }

  @Test
  void publish_oneAliasForTwoBodiesOfOneManifest_409() throws IOException {
    String manifest =
        JSON.writeValueAsString(
            Map.of(
                "format",
                "apollo-persisted-query-manifest",
                "version",
                1,
                "operations",
                List.of(
                    Map.of("id", "Same", "name", "TrackingId", "type", "query", "body", TRACK),
                    Map.of("id", "Same", "name", "Ports", "type", "query", "body", PORTS))));

    Response refused = publish("apollo-web", "2", manifest);

    assertThat(refused.status()).as(refused.body()).isEqualTo(409);
    assertThat(json(refused).get("code").asText()).isEqualTo("ALIAS_CONFLICT");
    assertThat(json(refused).get("message").asText())
        .contains("Same")
        .contains(DocumentHash.of(TRACK).hex())
        .contains(DocumentHash.of(PORTS).hex());
  }

  @Test
  void publish_invalidIds_400NamingThem() throws IOException {
    Map<String, String> manifest = new LinkedHashMap<>();
    manifest.put("", TRACK);
    manifest.put("x".repeat(201), PORTS);
    manifest.put("caf\u00e9", "query C { cargos(first: 1) { edges { cursor } } }");

    Response refused = publish("relay-web", "9", JSON.writeValueAsString(manifest));

    assertThat(refused.status()).as(refused.body()).isEqualTo(400);
    JsonNode body = json(refused);
    assertThat(body.get("code").asText()).isEqualTo("INVALID_DOCUMENT_ID");
    assertThat(body.get("message").asText()).startsWith("3 id(s) are not 1 to 200 printable ASCII");
    assertThat(body.at("/extensions/ids/2").asText()).isEqualTo("caf\\u00e9");
  }

  @Test
  void publish_hexIdNotHashOfBody_stillMismatchNeverAlias() throws IOException {
    String wrong = DocumentHash.of(PORTS).hex();

    Response refused = publish("relay-web", "8", JSON.writeValueAsString(Map.of(wrong, TRACK)));

    assertThat(refused.status()).as(refused.body()).isEqualTo(400);
    assertThat(json(refused).get("code").asText()).isEqualTo("DOCUMENT_ID_MISMATCH");
  }

  /* ---- running by custom id ---- */

  @Test
  void relayId_everyFieldAndMethod_runs() throws IOException {
    List<Response> answers =
        List.of(
            postGraphql(RELAY_KEY, Map.of("documentId", RELAY_TRACK, "variables", ABC123)),
            postGraphql(RELAY_KEY, Map.of("doc_id", RELAY_TRACK, "variables", ABC123)),
            postGraphql(RELAY_KEY, Map.of("id", RELAY_TRACK, "variables", ABC123)),
            postGraphql(
                RELAY_KEY, Map.of("extensions", persistedQuery(RELAY_TRACK), "variables", ABC123)),
            getGraphql(
                RELAY_KEY,
                Map.of("documentId", RELAY_TRACK, "variables", "{\"trackingId\":\"ABC123\"}")),
            getGraphql(
                RELAY_KEY,
                Map.of("doc_id", RELAY_TRACK, "variables", "{\"trackingId\":\"ABC123\"}")),
            getGraphql(
                RELAY_KEY, Map.of("id", RELAY_TRACK, "variables", "{\"trackingId\":\"ABC123\"}")),
            getGraphql(
                RELAY_KEY,
                Map.of(
                    "extensions",
                    JSON.writeValueAsString(persistedQuery(RELAY_TRACK)),
                    "variables",
                    "{\"trackingId\":\"ABC123\"}")));

    for (Response answer : answers) {
      assertThat(answer.status()).as(answer.body()).isEqualTo(200);
      assertThat(json(answer).at("/data/cargo/trackingId").asText()).isEqualTo("ABC123");
    }
    Response ports = postGraphql(RELAY_KEY, Map.of("doc_id", RELAY_PORTS));
    assertThat(json(ports).at("/data/nodes/0/id").asText()).isEqualTo("loc_NLRTM");
  }

  @Test
  void apolloCreateOperationId_persistedQueryHash_runsByPostAndGet() throws IOException {
    Response post =
        postGraphql(
            APOLLO_KEY, Map.of("extensions", persistedQuery(APOLLO_TRACK), "variables", ABC123));
    Response get =
        getGraphql(
            APOLLO_KEY,
            Map.of(
                "extensions",
                JSON.writeValueAsString(persistedQuery(APOLLO_TRACK)),
                "variables",
                "{\"trackingId\":\"ABC123\"}"));

    for (Response answer : List.of(post, get)) {
      assertThat(answer.status()).as(answer.body()).isEqualTo(200);
      assertThat(json(answer).at("/data/cargo/trackingId").asText()).isEqualTo("ABC123");
    }
    // a GET by custom id is cacheable like one by SHA-256 id, and kept in the response cache
    assertThat(get.raw().headers().firstValue("ETag")).isPresent();
    assertThat(get.raw().headers().firstValue("Cache-Control")).hasValue("private, max-age=60");
    Response again =
        getGraphql(
            APOLLO_KEY,
            Map.of(
                "extensions",
                JSON.writeValueAsString(persistedQuery(APOLLO_TRACK)),
                "variables",
                "{\"trackingId\":\"ABC123\"}"));
    assertThat(again.raw().headers().firstValue("Age")).isPresent();
    assertThat(json(again).at("/data/cargo/trackingId").asText()).isEqualTo("ABC123");
  }

  @Test
  void customId_textWithIt_runsWhenTextIsItsDocumentElseMismatch() throws IOException {
    Response same =
        postGraphql(
            APOLLO_KEY,
            Map.of(
                "query", TRACK, "extensions", persistedQuery(APOLLO_TRACK), "variables", ABC123));
    Response other =
        postGraphql(APOLLO_KEY, Map.of("query", PORTS, "extensions", persistedQuery(APOLLO_TRACK)));

    assertThat(same.status()).as(same.body()).isEqualTo(200);
    assertThat(other.status()).as(other.body()).isEqualTo(400);
    assertThat(errorCode(other)).isEqualTo("PERSISTED_QUERY_HASH_MISMATCH");
  }

  @Test
  void customId_otherAppsTrustedKey_404NotInList() throws IOException {
    Response relayIdByApolloKey = postGraphql(APOLLO_KEY, Map.of("doc_id", RELAY_TRACK));
    Response apolloIdByRelayKey =
        postGraphql(RELAY_KEY, Map.of("extensions", persistedQuery(APOLLO_TRACK)));

    for (Response refused : List.of(relayIdByApolloKey, apolloIdByRelayKey)) {
      assertThat(refused.status()).as(refused.body()).isEqualTo(404);
      assertThat(errorCode(refused)).isEqualTo("PERSISTED_QUERY_NOT_IN_LIST");
    }
    assertThat(json(relayIdByApolloKey).at("/errors/0/message").asText()).contains(RELAY_TRACK);
  }

  @Test
  void unknownCustomId_noDocumentRead() throws IOException {
    long before = documentReads();

    Response trusted = postGraphql(RELAY_KEY, Map.of("doc_id", "no-such-id-1"));
    Response open = postGraphql(OPEN_KEY, Map.of("doc_id", "no-such-id-2"));

    assertThat(trusted.status()).as(trusted.body()).isEqualTo(404);
    assertThat(errorCode(trusted)).isEqualTo("PERSISTED_QUERY_NOT_IN_LIST");
    // an open key gets Apollo's APQ miss, as for an unknown SHA-256 id
    assertThat(errorCode(open)).isEqualTo("PERSISTED_QUERY_NOT_FOUND");
    assertThat(documentReads()).isEqualTo(before);
  }

  @Test
  void openKey_registeredCustomIdRuns_unknownOneWithTextRunsTheText() throws IOException {
    Response registered = postGraphql(OPEN_KEY, Map.of("doc_id", RELAY_PORTS));
    Response unknownWithText =
        postGraphql(
            OPEN_KEY,
            Map.of(
                "query",
                "query Mine { nodes(ids: [\"loc_NLRTM\"]) { id } }",
                "extensions",
                persistedQuery("client-made-id-1")));

    assertThat(registered.status()).as(registered.body()).isEqualTo(200);
    assertThat(json(registered).at("/data/nodes/0/id").asText()).isEqualTo("loc_NLRTM");
    assertThat(unknownWithText.status()).as(unknownWithText.body()).isEqualTo(200);
    assertThat(json(unknownWithText).at("/data/nodes/0/id").asText()).isEqualTo("loc_NLRTM");
  }

  @Test
  void customId_namingTwoDocumentsInTheKeysApps_400Ambiguous() throws IOException {
    // relay-web's md5 of TRACK names PORTS in alias-web: a key of both apps cannot tell which
    Response published =
        publish("alias-web", "1", JSON.writeValueAsString(Map.of(RELAY_TRACK, PORTS)));

    Response refused = postGraphql(BOTH_KEY, Map.of("doc_id", RELAY_TRACK));
    Response unique = postGraphql(BOTH_KEY, Map.of("doc_id", RELAY_PORTS));

    assertThat(published.status()).as(published.body()).isEqualTo(201);
    assertThat(refused.status()).as(refused.body()).isEqualTo(400);
    assertThat(errorCode(refused)).isEqualTo("ALIAS_AMBIGUOUS");
    assertThat(json(refused).at("/errors/0/message").asText())
        .contains("alias-web")
        .contains("relay-web");
    assertThat(unique.status()).as(unique.body()).isEqualTo(200);
  }

  @Test
  void ids_differentInTwoFields_400() throws IOException {
    Response refused = postGraphql(RELAY_KEY, Map.of("doc_id", RELAY_TRACK, "id", RELAY_PORTS));

    assertThat(refused.status()).as(refused.body()).isEqualTo(400);
    assertThat(json(refused).at("/errors/0/message").asText()).contains("doc_id and id differ");
  }

  /* ---- reading and restarting ---- */

  @Test
  void getDocument_byCustomIdOfApp_documentWithItsCustomIds() throws IOException {
    Response byAlias =
        get("/v1/documents/" + RELAY_TRACK + "?app=relay-web", "Authorization", "Bearer " + ADMIN);
    Response byHash =
        get("/v1/documents/" + DocumentHash.of(TRACK).hex(), "Authorization", "Bearer " + ADMIN);
    Response withoutApp = get("/v1/documents/" + RELAY_TRACK, "Authorization", "Bearer " + ADMIN);
    Response otherApp =
        get("/v1/documents/" + RELAY_TRACK + "?app=apollo-web", "Authorization", "Bearer " + ADMIN);

    assertThat(byAlias.status()).as(byAlias.body()).isEqualTo(200);
    assertThat(json(byAlias).get("id").asText()).isEqualTo(DocumentHash.of(TRACK).hex());
    assertThat(json(byAlias).get("customIds").toString())
        .isEqualTo("[{\"app\":\"relay-web\",\"id\":\"" + RELAY_TRACK + "\"}]");
    assertThat(json(byHash).get("customIds").toString())
        .isEqualTo(
            "[{\"app\":\"apollo-web\",\"id\":\"TrackingId\"},{\"app\":\"relay-web\",\"id\":\""
                + RELAY_TRACK
                + "\"}]");
    assertThat(withoutApp.status()).isEqualTo(400);
    assertThat(json(withoutApp).get("code").asText()).isEqualTo("INVALID_DOCUMENT_ID");
    assertThat(json(withoutApp).get("message").asText()).contains("?app=");
    assertThat(otherApp.status()).isEqualTo(404);
    assertThat(json(otherApp).get("code").asText()).isEqualTo("DOCUMENT_NOT_FOUND");
  }

  @Test
  void restart_customIdsStillRun() throws IOException {
    server.close();
    server = RegistryServer.start(config(dataDir));

    Response relay = postGraphql(RELAY_KEY, Map.of("doc_id", RELAY_TRACK, "variables", ABC123));
    Response apollo =
        postGraphql(
            APOLLO_KEY, Map.of("extensions", persistedQuery(APOLLO_TRACK), "variables", ABC123));

    for (Response answer : List.of(relay, apollo)) {
      assertThat(answer.status()).as(answer.body()).isEqualTo(200);
      assertThat(json(answer).at("/data/cargo/trackingId").asText()).isEqualTo("ABC123");
    }
  }

  @Test
  void retire_customIdNoLongerRuns() throws IOException {
    Response retired =
        // forced: the version served requests in this class's other tests (issue 26)
        send(
            request("/v1/apps/relay-web/versions/1?force=true", "Authorization", "Bearer " + ADMIN)
                .DELETE());

    Response refused = postGraphql(RELAY_KEY, Map.of("doc_id", RELAY_TRACK, "variables", ABC123));

    assertThat(retired.status()).as(retired.body()).isEqualTo(200);
    assertThat(refused.status()).as(refused.body()).isEqualTo(404);
    assertThat(errorCode(refused)).isEqualTo("PERSISTED_QUERY_NOT_IN_LIST");
  }

  /* ---- helpers ---- */

  private static Map<String, String> relayMap() {
    return Map.of(RELAY_TRACK, TRACK, RELAY_PORTS, PORTS);
  }

  private static String apolloManifest(String id, String body) throws IOException {
    return JSON.writeValueAsString(
        Map.of(
            "format",
            "apollo-persisted-query-manifest",
            "version",
            1,
            "operations",
            List.of(Map.of("id", id, "name", "TrackingId", "type", "query", "body", body))));
  }

  private static Map<String, Object> persistedQuery(String id) {
    return Map.of("persistedQuery", Map.of("version", 1, "sha256Hash", id));
  }

  private static ServerConfig config(Path dataDir) {
    Budget budget = new Budget(100_000, 1_000);
    Map<String, KeyPolicy> keys = new LinkedHashMap<>();
    keys.put(RELAY_KEY, trusted("relay", Set.of("relay-web"), budget));
    keys.put(APOLLO_KEY, trusted("apollo", Set.of("apollo-web"), budget));
    keys.put(BOTH_KEY, trusted("both", Set.of("relay-web", "alias-web"), budget));
    keys.put(
        OPEN_KEY,
        KeyPolicy.newPolicy("open").mode(Mode.OPEN).apps(Set.of("*")).budget(budget).build());
    return ServerConfig.defaults(StoreSettings.h2In(dataDir))
        .transform(
            config ->
                config
                    .http(HttpSettings.DEFAULTS.withPort(0))
                    .adminTokens(List.of(new AdminToken("admin", ADMIN, AdminToken.Scope.ADMIN)))
                    .keys(keys)
                    .anonymous(KeyPolicy.newPolicy(KeyPolicy.ANONYMOUS).apps(Set.of()).build()));
  }

  private static KeyPolicy trusted(String name, Set<String> apps, Budget budget) {
    return KeyPolicy.newPolicy(name).apps(apps).budget(budget).build();
  }

  private long documentReads() {
    Matcher matcher = DOCUMENT_READS.matcher(get("/metrics").body());
    assertThat(matcher.find()).isTrue();
    return Long.parseLong(matcher.group(1));
  }

  private Response publish(String app, String version, String manifest) {
    return post("/v1/apps/" + app + "/versions/" + version, manifest);
  }

  private Response post(String path, String body) {
    return send(
        request(path, "Authorization", "Bearer " + ADMIN, "Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  private Response postGraphql(String key, Map<String, ?> body) throws IOException {
    return send(
        request("/graphql", "X-API-Key", key, "Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
  }

  private Response getGraphql(String key, Map<String, String> parameters) {
    StringBuilder query = new StringBuilder();
    parameters.forEach(
        (name, value) ->
            query
                .append(query.length() == 0 ? "?" : "&")
                .append(name)
                .append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
    return send(request("/graphql" + query, "X-API-Key", key).GET());
  }

  private Response get(String path, String... headers) {
    return send(request(path, headers).GET());
  }

  private HttpRequest.Builder request(String path, String... headers) {
    // refusals keep their 4xx in application/graphql-response+json (application/json makes them
    // 200)
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server().port() + path))
            .header("Accept", "application/graphql-response+json");
    for (int i = 0; i < headers.length; i += 2) {
      builder.header(headers[i], headers[i + 1]);
    }
    return builder;
  }

  private RegistryServer server() {
    if (server == null) {
      throw new IllegalStateException("server not started");
    }
    return server;
  }

  private Response send(HttpRequest.Builder request) {
    try {
      HttpResponse<String> response =
          client.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Response(response.statusCode(), response.body(), response);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String errorCode(Response response) throws IOException {
    return json(response).at("/errors/0/extensions/code").asText();
  }

  private static JsonNode json(Response response) throws IOException {
    return JSON.readTree(response.body());
  }

  private static String md5(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private record Response(int status, String body, HttpResponse<String> raw) {}
}
