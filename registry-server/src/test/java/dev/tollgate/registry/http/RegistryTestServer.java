package dev.tollgate.registry.http;

import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.KeyPolicy;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.config.ServerConfig.AdminToken;
import dev.tollgate.registry.config.ServerConfig.Scope;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricelist.PriceList;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.publish.Publisher;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.TestDatabase;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import io.javalin.Javalin;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A real registry on a random port: the store on the given database, the cargo schema, the routes
 * and the error mapping, as the server wires them. Tokens: {@link #ADMIN} (admin) and
 * {@link #PUBLISHER} (publish).
 */
final class RegistryTestServer implements AutoCloseable {

  static final String ADMIN = "admin-secret";
  static final String PUBLISHER = "publish-secret";
  static final long MAX_BODY_BYTES = 200_000;
  static final String CARGO_SCHEMA = resource("fixtures/cargo.graphqls");

  private final TestDatabase database;
  final RegistryStore store;
  private final Javalin app;
  private final HttpClient client = HttpClient.newHttpClient();

  private RegistryTestServer(TestDatabase database) {
    this.database = database;
    this.store = database.open(InstantSource.fixed(Instant.parse("2026-11-29T12:00:00Z")));
    OperationPricer pricer = new OperationPricer(cargoSchema(), CostModel.book());
    Publisher publisher = new Publisher(store, pricer, DocumentHash.of(CARGO_SCHEMA).hex());
    List<KeyPolicy> policies = new ArrayList<>(DemoConfig.create(0, Path.of("unused")).keys().values());
    policies.add(DemoConfig.create(0, Path.of("unused")).anonymous());
    PriceList priceList = PriceList.of(pricer.schema(), pricer.model(), policies);
    List<AdminToken> tokens = List.of(new AdminToken("ci-admin", ADMIN, Scope.ADMIN),
        new AdminToken("ci-publisher", PUBLISHER, Scope.PUBLISH));
    RegistryRoutes routes = new RegistryRoutes(publisher, store, priceList, tokens, MAX_BODY_BYTES);
    this.app = Javalin.create(config -> {
      config.http.maxRequestSize = MAX_BODY_BYTES;
      config.startup.showJavalinBanner = false;
      HttpErrors.register(config);
      routes.register(config);
    }).start(0);
  }

  static RegistryTestServer start(TestDatabase database) {
    return new RegistryTestServer(database);
  }

  static GraphQLSchema cargoSchema() {
    return new SchemaGenerator().makeExecutableSchema(new SchemaParser().parse(CARGO_SCHEMA),
        RuntimeWiring.MOCKED_WIRING);
  }

  ServerConfig.Store storeConfig() {
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
      HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Response(response.statusCode(), response.body(), response);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  HttpRequest.Builder request(String path, @Nullable String token) {
    HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + path));
    if (token != null) {
      builder.header("Authorization", "Bearer " + token);
    }
    return builder;
  }

  @Override
  public void close() {
    app.stop();
    store.close();
  }

  static String resource(String name) {
    try (InputStream in = Objects.requireNonNull(
        RegistryTestServer.class.getClassLoader().getResourceAsStream(name), name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  record Response(int status, String body, HttpResponse<String> raw) {}
}
