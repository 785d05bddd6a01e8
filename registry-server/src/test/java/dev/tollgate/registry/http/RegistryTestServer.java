package dev.tollgate.registry.http;

import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.demo.DemoSettings;
import dev.tollgate.registry.http.AdminToken.Scope;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.StoreSettings;
import dev.tollgate.registry.store.TestDatabase;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A real registry on a random port, wired by RegistryServer's builder: the demo config's schema
 * (cargo) and keys, its store on the given database at a fixed time. Tokens: {@link #ADMIN} (admin)
 * and {@link #PUBLISHER} (publish).
 */
final class RegistryTestServer implements AutoCloseable {

  static final String ADMIN = "admin-secret";
  static final String PUBLISHER = "publish-secret";
  static final long MAX_BODY_BYTES = 200_000;
  static final String CARGO_SCHEMA = resource("dev/tollgate/registry/demo/cargo.graphqls");

  private final TestDatabase database;
  final RegistryStore store;
  private final RegistryServer server;
  private final HttpClient client = HttpClient.newHttpClient();

  private RegistryTestServer(TestDatabase database) {
    this.database = database;
    this.store = database.open(InstantSource.fixed(Instant.parse("2026-11-29T12:00:00Z")));
    ServerConfig demo = DemoConfig.create(0, Path.of("unused"));
    List<AdminToken> tokens =
        List.of(
            new AdminToken("ci-admin", ADMIN, Scope.ADMIN),
            new AdminToken("ci-publisher", PUBLISHER, Scope.PUBLISH));
    ServerConfig config =
        demo.transform(
            c ->
                c.http(HttpSettings.DEFAULTS.withPort(0).withMaxBodyBytes(MAX_BODY_BYTES))
                    .store(database.config())
                    .adminTokens(tokens)
                    .demo(DemoSettings.DEFAULTS));
    this.server = RegistryServer.builder(config).store(store).start();
  }

  static RegistryTestServer start(TestDatabase database) {
    return new RegistryTestServer(database);
  }

  static GraphQLSchema cargoSchema() {
    return new SchemaGenerator()
        .makeExecutableSchema(new SchemaParser().parse(CARGO_SCHEMA), RuntimeWiring.MOCKED_WIRING);
  }

  StoreSettings storeConfig() {
    return database.config();
  }

  Response post(String path, String body, @Nullable String token) {
    return send(request(path, token).POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  Response get(String path, @Nullable String token) {
    return send(request(path, token).GET());
  }

  Response delete(String path, @Nullable String token) {
    return send(request(path, token).DELETE());
  }

  Response send(HttpRequest.Builder request) {
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

  /**
   * Sends {@code requestLine} (e.g. {@code POST /v1/apps/../versions/1}) as written, over a raw
   * socket: Java's HttpClient normalises dot segments away. Returns the status line and the body.
   */
  String raw(String requestLine, String body, String token) throws IOException {
    byte[] content = body.getBytes(StandardCharsets.UTF_8);
    String head =
        requestLine
            + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
            + token
            + "\r\nContent-Type: application/json\r\nContent-Length: "
            + content.length
            + "\r\nConnection: close\r\n\r\n";
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().write(content);
      socket.getOutputStream().flush();
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /**
   * Sends {@code request} byte for byte over a raw socket, then, when {@code halfClose}, shuts the
   * socket's output (the client hangs up mid-body); returns all the server answered.
   */
  String rawBytes(String request, boolean halfClose) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      if (halfClose) {
        socket.shutdownOutput();
      }
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  HttpRequest.Builder request(String path, @Nullable String token) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
    if (token != null) {
      builder.header("Authorization", "Bearer " + token);
    }
    return builder;
  }

  @Override
  public void close() {
    server.close();
    store.close();
  }

  static String resource(String name) {
    try (InputStream in =
        Objects.requireNonNull(
            RegistryTestServer.class.getClassLoader().getResourceAsStream(name), name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  record Response(int status, String body, HttpResponse<String> raw) {}
}
