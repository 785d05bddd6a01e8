package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.graphqljava.CallerResolver;
import dev.tollgate.graphqljava.HttpRegistry;
import dev.tollgate.graphqljava.TollgateGraphQLBuilder;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.demo.DemoSettings;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.http.AdminToken.Scope;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.TestDatabase;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * A real registry-server on H2 (random or given port, the demo's schema and keys, tokens of each
 * scope) for tests of an in-process instance following it over HTTP; closes what it opened.
 */
final class FollowedRegistry implements AutoCloseable {

  static final String ADMIN = "admin-secret";
  static final String PUBLISHER = "publish-secret";
  static final String READER = "read-secret";
  static final String APP = "shop";
  static final String TRACK =
      "query Track($id: String!) { cargo(trackingId: $id) { trackingId origin { code } } }";
  static final ObjectMapper JSON = new ObjectMapper();

  private final TestDatabase database;
  private final RegistryStore store;
  private final HttpClient http = HttpClient.newHttpClient();
  private final List<AutoCloseable> opened = new ArrayList<>();

  FollowedRegistry(Path dir) {
    database = TestDatabase.h2(dir);
    // the system's clock: a key's expiry and rotation overlap are checked against it in process
    store = database.open(InstantSource.system());
  }

  RegistryServer start(int port) {
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

  HttpRegistry follow(int port) {
    HttpRegistry registry =
        HttpRegistry.newRegistry(URI.create("http://127.0.0.1:" + port), READER)
            .waitMillis(2_000)
            .requestTimeout(Duration.ofSeconds(1))
            .backoff(Duration.ofMillis(50), Duration.ofMillis(200))
            .build();
    opened.add(registry);
    return registry;
  }

  /** Builds and keeps for closing the instance that {@code builder} describes. */
  <T extends AutoCloseable> T opened(T closeable) {
    opened.add(closeable);
    return closeable;
  }

  static TollgateGraphQLBuilder tollgate(HttpRegistry registry) {
    return dev.tollgate.graphqljava.TollgateGraphQL.newTollgate(
            RegistryTestServer.cargoSchema(), registry)
        .refreshEvery(Duration.ofMillis(100));
  }

  void publish(int port, String version, String body) {
    String manifest = "{\"" + DocumentHash.of(body).hex() + "\": " + quote(body) + "}";
    HttpResponse<String> response =
        send(
            request(port, "/v1/apps/" + APP + "/versions/" + version, ADMIN)
                .POST(HttpRequest.BodyPublishers.ofString(manifest)));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
  }

  HttpResponse<String> get(int port, String path, String token) {
    return send(request(port, path, token).GET());
  }

  HttpResponse<String> post(int port, String path, @Nullable String token, String body) {
    return send(request(port, path, token).POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  HttpResponse<String> delete(int port, String path, String token) {
    return send(request(port, path, token).DELETE());
  }

  static JsonNode json(HttpResponse<String> response) {
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An execution of {@code id} by APQ hash, presenting {@code apiKey}. */
  static ExecutionInput byId(DocumentHash id, @Nullable String apiKey) {
    Map<Object, Object> context = new HashMap<>();
    if (apiKey != null) {
      context.put(CallerResolver.API_KEY, apiKey);
    }
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
  static @Nullable String refusalCode(ExecutionResult result) {
    if (result.getErrors().isEmpty()) {
      return null;
    }
    Map<String, Object> extensions = result.getErrors().get(0).getExtensions();
    return extensions == null
        ? "no code: " + result.getErrors()
        : String.valueOf(extensions.get("code"));
  }

  static void awaitWithin(Duration limit, BooleanSupplier condition) {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + limit);
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }

  private static HttpRequest.Builder request(int port, String path, @Nullable String token) {
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

  @Override
  public void close() throws Exception {
    for (int i = opened.size() - 1; i >= 0; i--) {
      opened.get(i).close();
    }
    store.close();
  }
}
