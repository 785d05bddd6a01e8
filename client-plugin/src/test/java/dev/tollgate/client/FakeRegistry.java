package dev.tollgate.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A hand-written stand-in for the registry's HTTP API, on a random port. It follows the contract
 * (bearer token, dry runs, new/existing, 409 on a different manifest for a published version,
 * {@code GET /v1/documents/{id}}, {@code GET /v1/apps/{app}/versions/{version}}), records every
 * request, and can be told to answer one canned error instead.
 */
public final class FakeRegistry implements AutoCloseable {

  public static final String TOKEN = "s3cret-publish-token";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern OPERATION_NAME =
      Pattern.compile("\\b(query|mutation|subscription)\\s+(\\w+)");
  private static final Pattern VERSION_PATH = Pattern.compile("/v1/apps/([^/]+)/versions/([^/]+)");

  /** One request as received. */
  public record Request(
      String method, String path, String query, String authorization, String body) {}

  private record Canned(int status, String body) {}

  private final HttpServer server;
  private final List<Request> requests = new CopyOnWriteArrayList<>();
  private final Map<String, String> documents = new ConcurrentHashMap<>();
  private final Map<String, String> versions = new ConcurrentHashMap<>();
  private final Map<String, Long> costs = new ConcurrentHashMap<>();
  private final Map<String, Map<String, Long>> unaffordable = new ConcurrentHashMap<>();
  private final Map<String, Map<String, Long>> unaffordableOnPublish = new ConcurrentHashMap<>();
  private volatile Canned canned;
  private volatile String schemaImpact;

  private FakeRegistry(HttpServer server) {
    this.server = server;
  }

  public static FakeRegistry start() {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      FakeRegistry registry = new FakeRegistry(server);
      server.createContext("/", registry::handle);
      server.start();
      return registry;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  public URI url() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  public List<Request> requests() {
    return List.copyOf(requests);
  }

  public Map<String, String> documents() {
    return Map.copyOf(documents);
  }

  /** The price this registry reports for an operation name (default: the body's line count). */
  public FakeRegistry cost(String operationName, long cost) {
    costs.put(operationName, cost);
    return this;
  }

  /**
   * Reports {@code operationName} as {@code affordable: false} with these policies' cost limits, as
   * the real registry does for an operation no policy allowed to run the app may run.
   */
  public FakeRegistry unaffordable(String operationName, Map<String, Long> limits) {
    unaffordable.put(operationName, limits);
    return this;
  }

  /**
   * As {@link #unaffordable}, but only when publishing, not in a dry run: as if the price list
   * changed between a dry run and the publication that followed it.
   */
  public FakeRegistry unaffordableAfterDryRun(String operationName, Map<String, Long> limits) {
    unaffordableOnPublish.put(operationName, limits);
    return this;
  }

  /** Answers {@code POST /v1/schemas?dryRun=true} with this impact report (JSON) from now on. */
  public FakeRegistry schemaImpact(String report) {
    schemaImpact = report;
    return this;
  }

  /** Answers every POST with this status and JSON body from now on. */
  public FakeRegistry answer(int status, String body) {
    canned = new Canned(status, body);
    return this;
  }

  @Override
  public void close() {
    server.stop(0);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      String auth = exchange.getRequestHeaders().getFirst("Authorization");
      URI uri = exchange.getRequestURI();
      requests.add(
          new Request(exchange.getRequestMethod(), uri.getPath(), uri.getQuery(), auth, body));
      Canned reply = route(exchange.getRequestMethod(), uri, auth, body);
      byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
      exchange.getResponseBody().write(bytes);
    }
  }

  private Canned route(String method, URI uri, String auth, String body) {
    if (method.equals("GET") && uri.getPath().startsWith("/v1/documents/")) {
      return document(uri.getPath().substring("/v1/documents/".length()));
    }
    Matcher version = VERSION_PATH.matcher(uri.getPath());
    if (method.equals("GET") && version.matches()) {
      return version(version.group(1), version.group(2));
    }
    if (method.equals("GET") && uri.getPath().equals("/health")) {
      return new Canned(200, "{\"status\":\"ok\"}");
    }
    if (method.equals("POST") && uri.getPath().equals("/v1/schemas")) {
      return schema(auth, uri.getQuery());
    }
    Matcher matcher = VERSION_PATH.matcher(uri.getPath());
    if (!method.equals("POST") || !matcher.matches()) {
      return error(404, "NOT_FOUND", "no route " + method + " " + uri.getPath());
    }
    if (canned != null) {
      return canned;
    }
    if (auth == null) {
      return error(401, "UNAUTHENTICATED", "missing bearer token");
    }
    if (!auth.equals("Bearer " + TOKEN)) {
      return error(403, "FORBIDDEN", "token may not publish");
    }
    boolean dryRun = "dryRun=true".equals(uri.getQuery());
    return publish(matcher.group(1), matcher.group(2), body, dryRun);
  }

  private Canned publish(String app, String version, String body, boolean dryRun) {
    JsonNode manifest = apollo(readJson(body));
    if (manifest == null || !manifest.path("operations").isArray()) {
      return error(400, "MANIFEST_INVALID", "not an apollo-persisted-query-manifest");
    }
    String key = app + "@" + version;
    String fingerprint = fingerprint(manifest);
    String published = versions.get(key);
    if (published != null && !published.equals(fingerprint)) {
      return error(
          409, "VERSION_CONFLICT", key + " is already published with a different manifest");
    }
    ObjectNode report =
        JSON.createObjectNode().put("app", app).put("version", version).put("dryRun", dryRun);
    report.put("unknownFieldForLeniency", true);
    ArrayNode operations = report.putArray("operations");
    for (JsonNode operation : manifest.get("operations")) {
      operations.add(priced(operation, dryRun));
    }
    if (!dryRun) {
      manifest
          .get("operations")
          .forEach(o -> documents.put(o.get("id").asText(), o.get("body").asText()));
      versions.put(key, fingerprint);
    }
    return new Canned(200, report.toString());
  }

  /** An {id: body} map as the Apollo form, as the real registry reads both; else as it is. */
  private static @Nullable JsonNode apollo(@Nullable JsonNode manifest) {
    if (manifest == null || !manifest.isObject() || manifest.has("format")) {
      return manifest;
    }
    ObjectNode converted = JSON.createObjectNode();
    ArrayNode operations = converted.putArray("operations");
    for (Map.Entry<String, JsonNode> entry : manifest.properties()) {
      String body = entry.getValue().asText();
      Matcher name = OPERATION_NAME.matcher(body);
      operations
          .addObject()
          .put("id", entry.getKey())
          .put("name", name.find() ? name.group(2) : "")
          .put("type", name.find(0) ? name.group(1) : "query")
          .put("body", body);
    }
    return converted;
  }

  private Canned schema(String auth, String query) {
    if (canned != null) {
      return canned;
    }
    if (auth == null || !auth.equals("Bearer " + TOKEN)) {
      return error(auth == null ? 401 : 403, "FORBIDDEN", "token may not check schemas");
    }
    if (!"dryRun=true".equals(query) || schemaImpact == null) {
      return error(404, "NOT_FOUND", "this fake answers schema dry runs it was given only");
    }
    return new Canned(200, schemaImpact);
  }

  private ObjectNode priced(JsonNode operation, boolean dryRun) {
    String id = operation.get("id").asText();
    String name = operation.path("name").asText();
    String body = operation.path("body").asText();
    ObjectNode node =
        JSON.createObjectNode()
            .put("id", id)
            .put("name", name)
            .put("type", operation.path("type").asText("query"));
    node.put("cost", costs.getOrDefault(name, body.lines().count()));
    node.put("depth", depth(body)).put("aliases", 0);
    node.put("status", documents.containsKey(id) ? "existing" : "new");
    Map<String, Long> limits = unaffordable.get(name);
    if (limits == null && !dryRun) {
      limits = unaffordableOnPublish.get(name);
    }
    node.put("affordable", limits == null);
    if (limits != null) {
      ObjectNode byPolicy = node.putObject("limits");
      limits.forEach(byPolicy::put);
    }
    return node;
  }

  /** {@code GET /v1/apps/{app}/versions/{version}}: 200 once published, else 404. */
  private Canned version(String app, String version) {
    if (!versions.containsKey(app + "@" + version)) {
      return error(404, "VERSION_NOT_FOUND", "app " + app + " has no version " + version);
    }
    return new Canned(
        200, JSON.createObjectNode().put("app", app).put("version", version).toString());
  }

  private Canned document(String id) {
    String body = documents.get(id);
    if (body == null) {
      return error(404, "DOCUMENT_NOT_FOUND", "no document " + id);
    }
    return new Canned(200, JSON.createObjectNode().put("id", id).put("body", body).toString());
  }

  private static int depth(String body) {
    int depth = 0;
    int max = 0;
    for (char c : body.toCharArray()) {
      depth += c == '{' ? 1 : c == '}' ? -1 : 0;
      max = Math.max(max, depth);
    }
    return max;
  }

  private static String fingerprint(JsonNode manifest) {
    StringBuilder ids = new StringBuilder();
    manifest.get("operations").forEach(o -> ids.append(o.path("id").asText()).append(','));
    return ids.toString();
  }

  private static JsonNode readJson(String body) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      return null;
    }
  }

  private static Canned error(int status, String code, String message) {
    ObjectNode error = JSON.createObjectNode().put("code", code).put("message", message);
    error.putObject("extensions");
    return new Canned(status, error.toString());
  }
}
