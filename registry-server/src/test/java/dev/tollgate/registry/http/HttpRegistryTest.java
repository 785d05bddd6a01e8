package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.tollgate.graphqljava.CallerResolver;
import dev.tollgate.graphqljava.HttpRegistry;
import dev.tollgate.graphqljava.TollgateGraphQL;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.demo.DemoSettings;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.http.AdminToken.Scope;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.TestDatabase;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * tollgate-graphql-java's {@link HttpRegistry} following a real registry-server on a random port
 * (issue 25, items 2 and 6): a manifest published over the HTTP API runs in process by id within 1
 * s, a retired version is refused within 1 s; the registry down at start, with and without a
 * snapshot file; a corrupt file; an unknown protocol; a token without the read scope; the feed
 * dropping and coming back. Here rather than in the library's tests: the library may not depend on
 * the server in any scope (its enforcer bans HTTP servers from its tree).
 */
final class HttpRegistryTest {

  private static final String ADMIN = "admin-secret";
  private static final String PUBLISHER = "publish-secret";
  private static final String READER = "read-secret";
  private static final String APP = "shop";
  private static final String TRACK =
      "query Track($id: String!) { cargo(trackingId: $id) { trackingId origin { code } } }";
  private static final String LIST =
      "query Origin($id: String!) { cargo(trackingId: $id) { origin { code } } }";
  private static final String WEB_KEY = "web-key";
  private static final KeyPolicy WEB = KeyPolicy.newPolicy("web").apps(Set.of(APP)).build();
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private final HttpClient http = HttpClient.newHttpClient();
  private final List<AutoCloseable> opened = new ArrayList<>();
  private RegistryStore store;
  private TestDatabase database;

  @BeforeEach
  void openStore() {
    database = TestDatabase.h2(dir);
    store = database.open(InstantSource.fixed(Instant.parse("2026-11-29T12:00:00Z")));
  }

  @AfterEach
  void closeAll() throws Exception {
    for (int i = opened.size() - 1; i >= 0; i--) {
      opened.get(i).close();
    }
    store.close();
  }

  /* ---- in step with the registry ---- */

  @Test
  void publishedVersion_runsByIdWithinOneSecond_retiredVersion_refusedWithinOneSecond()
      throws Exception {
    RegistryServer server = start(0);
    HttpRegistry registry = follow(server.port(), READER);
    GraphQL graphql = graphql(registry);
    DocumentHash track = DocumentHash.of(TRACK);
    assertThat(refusalCode(graphql.execute(byId(track)))).isEqualTo("PERSISTED_QUERY_NOT_IN_LIST");

    publish(server.port(), "1", TRACK);
    long published = System.nanoTime();
    awaitWithin(Duration.ofSeconds(1), () -> refusalCode(graphql.execute(byId(track))) == null);
    assertThat(millisSince(published)).isLessThan(1000);

    retire(server.port(), "1");
    long retired = System.nanoTime();
    awaitWithin(Duration.ofSeconds(1), () -> refusalCode(graphql.execute(byId(track))) != null);
    assertThat(millisSince(retired)).isLessThan(1000);
    assertThat(refusalCode(graphql.execute(byId(track)))).isEqualTo("PERSISTED_QUERY_NOT_IN_LIST");
    assertThat(registry.staleness()).isEqualTo(Duration.ZERO);
  }

  @Test
  void adminToken_followsToo_andSnapshotIsOnlyTheAppsOwn() throws Exception {
    RegistryServer server = start(0);
    publish(server.port(), "1", TRACK);
    HttpRegistry registry = follow(server.port(), ADMIN);

    assertThat(registry.activeDocumentApps()).containsOnlyKeys(DocumentHash.of(TRACK));
    assertThat(registry.activeDocumentApps().get(DocumentHash.of(TRACK))).containsExactly(APP);
    assertThat(registry.findDocument(DocumentHash.of(TRACK)).orElseThrow().body()).isEqualTo(TRACK);
  }

  /* ---- the registry down at start ---- */

  @Test
  void registryDownAtStart_withSnapshotFile_startsFromItAndAdmits() throws Exception {
    Path file = dir.resolve("snapshots/registry.json");
    RegistryServer server = start(0);
    publish(server.port(), "1", TRACK);
    int port = server.port();
    try (HttpRegistry first = followWithFile(port, file, false)) {
      assertThat(file).exists();
    }
    server.close();

    HttpRegistry registry = followWithFile(port, file, false);
    GraphQL graphql = graphql(registry);

    assertThat(refusalCode(graphql.execute(byId(DocumentHash.of(TRACK))))).isNull();
    awaitWithin(Duration.ofSeconds(2), () -> registry.staleness().toMillis() > 0);
  }

  @Test
  void registryDownAtStart_withoutSnapshotFile_failsWithOneClearLine() throws Exception {
    int port = freePort();

    assertThatThrownBy(() -> followWithFile(port, dir.resolve("none.json"), false))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("registry http://127.0.0.1:" + port)
        .hasMessageContaining("cannot be reached")
        .hasMessageEndingWith("and there is no snapshot file at " + dir.resolve("none.json"))
        .message()
        .doesNotContain("\n");
  }

  @Test
  void registryDownAtStart_failClosed_failsEvenWithASnapshotFile() throws Exception {
    Path file = dir.resolve("registry.json");
    RegistryServer server = start(0);
    int port = server.port();
    followWithFile(port, file, false).close();
    server.close();

    assertThatThrownBy(() -> followWithFile(port, file, true))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cannot be reached")
        .hasMessageEndingWith("failing closed, as configured");
  }

  @Test
  void corruptSnapshotFile_refusedWithOneClearLine() throws Exception {
    Path file = dir.resolve("registry.json");
    Files.writeString(file, "{\"protocol\": 1, \"changeId\": 3, \"documents\": [{\"id\": ");

    assertThatThrownBy(() -> followWithFile(freePort(), file, false))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("snapshot file " + file + " is corrupt: not JSON")
        .message()
        .doesNotContain("\n");
  }

  @Test
  void snapshotOfAnotherProtocol_refusedWithOneClearLine() throws Exception {
    HttpServer future = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    future.createContext(
        "/v1/registry/snapshot",
        exchange -> {
          byte[] body =
              "{\"protocol\": 2, \"changeId\": 1, \"shards\": []}".getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    future.start();
    opened.add(() -> future.stop(0));
    int port = future.getAddress().getPort();

    assertThatThrownBy(() -> follow(port, READER))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "registry http://127.0.0.1:"
                + port
                + " has snapshot protocol 2; this tollgate-graphql-java understands protocol 1"
                + " only: upgrade it, or follow a registry of its version");
  }

  @Test
  void publishToken_refusedWithOneClearLine_403() {
    RegistryServer server = start(0);

    assertThatThrownBy(() -> follow(server.port(), PUBLISHER))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "registry http://127.0.0.1:"
                + server.port()
                + " refused the token (403: token ci-publisher has scope publish; this route needs"
                + " read or admin); following the registry needs a token of scope read or admin");
  }

  /* ---- the feed dropping ---- */

  @Test
  void feedDrops_lastStateKept_stalenessGrows_serverBack_catchesUp() throws Exception {
    RegistryServer server = start(0);
    int port = server.port();
    publish(port, "1", TRACK);
    HttpRegistry registry = follow(port, READER);
    GraphQL graphql = graphql(registry);
    assertThat(refusalCode(graphql.execute(byId(DocumentHash.of(TRACK))))).isNull();

    server.close();
    // a poll cut off mid-wait is noticed within its wait and the request timeout (2 s + 1 s here)
    awaitWithin(Duration.ofSeconds(10), () -> registry.staleness().toMillis() > 0);
    Duration first = registry.staleness();
    Thread.sleep(300);
    assertThat(registry.staleness()).isGreaterThan(first);
    assertThat(refusalCode(graphql.execute(byId(DocumentHash.of(TRACK))))).isNull();

    // another registry on the same database publishes while this one is down
    RegistryServer other = start(0);
    publish(other.port(), "2", LIST);
    assertThat(refusalCode(graphql.execute(byId(DocumentHash.of(LIST)))))
        .isEqualTo("PERSISTED_QUERY_NOT_IN_LIST");

    start(port);
    awaitWithin(
        Duration.ofSeconds(10),
        () -> refusalCode(graphql.execute(byId(DocumentHash.of(LIST)))) == null);
    assertThat(registry.staleness()).isEqualTo(Duration.ZERO);
    assertThat(refusalCode(graphql.execute(byId(DocumentHash.of(TRACK))))).isNull();
  }

  /* ---- the routes ---- */

  @Test
  void snapshot_etagAnswers304_untilAChange() throws Exception {
    RegistryServer server = start(0);
    HttpResponse<String> first =
        get(server.port(), "/v1/registry/snapshot?apps=" + APP, READER, null);
    assertThat(first.statusCode()).isEqualTo(200);
    JsonNode body = JSON.readTree(first.body());
    assertThat(body.get("protocol").asInt()).isEqualTo(1);
    assertThat(body.get("documents")).isEmpty();
    String etag = first.headers().firstValue("ETag").orElseThrow();

    assertThat(get(server.port(), "/v1/registry/snapshot?apps=" + APP, READER, etag).statusCode())
        .isEqualTo(304);
    publish(server.port(), "1", TRACK);
    HttpResponse<String> changed =
        get(server.port(), "/v1/registry/snapshot?apps=" + APP, READER, etag);

    assertThat(changed.statusCode()).isEqualTo(200);
    JsonNode document = JSON.readTree(changed.body()).get("documents").get(0);
    assertThat(document.get("id").asText()).isEqualTo(DocumentHash.of(TRACK).hex());
    assertThat(document.get("apps").toString()).isEqualTo("[\"shop\"]");
    assertThat(document.get("operations").get(0).get("price").asText()).isNotBlank();
    assertThat(JSON.readTree(changed.body()).get("changeId").asLong())
        .isGreaterThan(body.get("changeId").asLong());
  }

  @Test
  void changes_answersOnAChange_orWithTheSameIdWhenTheWaitEnds() throws Exception {
    RegistryServer server = start(0);
    long now =
        JSON.readTree(get(server.port(), "/v1/registry/changes?after=0", READER, null).body())
            .get("changeId")
            .asLong();

    long started = System.nanoTime();
    HttpResponse<String> waited =
        get(server.port(), "/v1/registry/changes?after=" + now + "&waitMillis=300", READER, null);
    assertThat(waited.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(waited.body()).get("changeId").asLong()).isEqualTo(now);
    assertThat(millisSince(started)).isGreaterThanOrEqualTo(250);

    Thread publisher =
        new Thread(
            () -> {
              sleep(200);
              publish(server.port(), "1", TRACK);
            });
    publisher.start();
    started = System.nanoTime();
    HttpResponse<String> changed =
        get(server.port(), "/v1/registry/changes?after=" + now + "&waitMillis=10000", READER, null);
    publisher.join();
    assertThat(JSON.readTree(changed.body()).get("changeId").asLong()).isGreaterThan(now);
    assertThat(millisSince(started)).isLessThan(5000);
  }

  @Test
  void routes_tokensAndParameters() throws Exception {
    RegistryServer server = start(0);
    int port = server.port();

    assertThat(get(port, "/v1/registry/snapshot", null, null).statusCode()).isEqualTo(401);
    assertThat(get(port, "/v1/registry/snapshot", "wrong", null).statusCode()).isEqualTo(403);
    assertThat(get(port, "/v1/registry/snapshot", PUBLISHER, null).statusCode()).isEqualTo(403);
    assertThat(get(port, "/v1/registry/snapshot", ADMIN, null).statusCode()).isEqualTo(200);
    HttpResponse<String> readOnly = get(port, "/v1/apps", READER, null);
    assertThat(readOnly.statusCode()).isEqualTo(403);
    assertThat(JSON.readTree(readOnly.body()).get("message").asText())
        .isEqualTo(
            "token ci-reader has scope read, which may only follow the registry"
                + " (GET /v1/registry/snapshot and /v1/registry/changes, POST"
                + " /v1/registry/measurements)");
    assertThat(get(port, "/v1/session", READER, null).statusCode()).isEqualTo(403);
    assertThat(get(port, "/v1/registry/changes", READER, null).statusCode()).isEqualTo(400);
    assertThat(get(port, "/v1/registry/changes?after=x", READER, null).statusCode()).isEqualTo(400);
    assertThat(get(port, "/v1/registry/snapshot?apps=a/b", READER, null).statusCode())
        .isEqualTo(400);
  }

  /* ---- helpers ---- */

  private RegistryServer start(int port) {
    ServerConfig demo = DemoConfig.create(0, Path.of("unused"));
    List<AdminToken> tokens =
        List.of(
            new AdminToken("ci-admin", ADMIN, Scope.ADMIN),
            new AdminToken("ci-publisher", PUBLISHER, Scope.PUBLISH),
            new AdminToken("ci-reader", READER, Scope.READ));
    ServerConfig config =
        demo.transform(
            c ->
                c.http(HttpSettings.DEFAULTS.withPort(port))
                    .store(database.config())
                    .adminTokens(tokens)
                    .demo(DemoSettings.DEFAULTS));
    RegistryServer server = RegistryServer.builder(config).store(store).start();
    opened.add(server);
    return server;
  }

  private HttpRegistry follow(int port, String token) {
    HttpRegistry registry =
        HttpRegistry.newRegistry(URI.create("http://127.0.0.1:" + port), token)
            .apps(APP)
            .waitMillis(2_000)
            .requestTimeout(Duration.ofSeconds(1))
            .backoff(Duration.ofMillis(50), Duration.ofMillis(200))
            .build();
    opened.add(registry);
    return registry;
  }

  private HttpRegistry followWithFile(int port, Path file, boolean failClosed) {
    HttpRegistry registry =
        HttpRegistry.newRegistry(URI.create("http://127.0.0.1:" + port), READER)
            .apps(APP)
            .snapshotFile(file)
            .failClosed(failClosed)
            .requestTimeout(Duration.ofSeconds(2))
            .backoff(Duration.ofMillis(50), Duration.ofMillis(200))
            .build();
    opened.add(registry);
    return registry;
  }

  private GraphQL graphql(HttpRegistry registry) {
    TollgateGraphQL tollgate =
        TollgateGraphQL.newTollgate(RegistryTestServer.cargoSchema(), registry)
            .key(WEB_KEY, WEB)
            .refreshEvery(Duration.ofMillis(100))
            .build();
    opened.add(tollgate);
    return GraphQL.newGraphQL(RegistryTestServer.cargoSchema())
        .preparsedDocumentProvider(tollgate.preparsedDocumentProvider())
        .instrumentation(tollgate.instrumentation())
        .build();
  }

  private static ExecutionInput byId(DocumentHash id) {
    Map<Object, Object> context = new HashMap<>();
    context.put(CallerResolver.API_KEY, WEB_KEY);
    Map<String, Object> persisted = new LinkedHashMap<>();
    persisted.put("version", 1);
    persisted.put("sha256Hash", id.hex());
    return ExecutionInput.newExecutionInput(ExecutionInput.PERSISTED_QUERY_MARKER)
        .variables(Map.of("id", "T1"))
        .graphQLContext(context)
        .extensions(Map.of("persistedQuery", persisted))
        .build();
  }

  /** The code of the refusal, or null when admitted. */
  private static String refusalCode(ExecutionResult result) {
    if (result.getErrors().isEmpty()) {
      return null;
    }
    Map<String, Object> extensions = result.getErrors().get(0).getExtensions();
    return extensions == null
        ? "no code: " + result.getErrors()
        : String.valueOf(extensions.get("code"));
  }

  private void publish(int port, String version, String body) {
    String manifest = "{\"" + DocumentHash.of(body).hex() + "\": " + quote(body) + "}";
    HttpResponse<String> response =
        send(
            request(port, "/v1/apps/" + APP + "/versions/" + version, ADMIN)
                .POST(HttpRequest.BodyPublishers.ofString(manifest)));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
  }

  private void retire(int port, String version) {
    HttpResponse<String> response =
        // forced: a version that served requests within 7 days is otherwise kept (issue 26)
        send(
            request(port, "/v1/apps/" + APP + "/versions/" + version + "?force=true", ADMIN)
                .DELETE());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }

  private HttpResponse<String> get(int port, String path, String token, String etag) {
    HttpRequest.Builder request = request(port, path, token).GET();
    if (etag != null) {
      request.header("If-None-Match", etag);
    }
    return send(request);
  }

  private static HttpRequest.Builder request(int port, String path, String token) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    if (token != null) {
      builder.header("Authorization", "Bearer " + token);
    }
    return builder;
  }

  private HttpResponse<String> send(HttpRequest.Builder request) {
    try {
      return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String quote(String text) {
    try {
      return JSON.writeValueAsString(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void awaitWithin(Duration limit, BooleanSupplier condition) {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + limit);
      }
      sleep(20);
    }
  }
}
