package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * Issue 10: a seeded corpus of 5,000 hostile requests over every route ({@code /graphql} by GET and
 * POST with every key, the {@code /v1} API, {@code /metrics}, {@code /health}): malformed JSON, bad
 * ids, variables of every shape, huge and deeply nested values, batches, bad headers and methods.
 * None may be answered with a 5xx (502 and 503 are the gateway's own, by design, and none of these
 * requests reaches a failing upstream), and every one must be answered.
 */
final class HostileCorpusTest {

  private static final long SEED = 10;
  private static final int REQUESTS = 5_000;
  private static final String[] KEYS = {
    "",
    "trusted-key",
    "strict-key",
    "partner-key",
    "small-key",
    "intro-key",
    "measure-key",
    "no-such-key",
    "partner-key\u0000",
    " partner-key"
  };
  private static final String[] QUERIES = {
    "{ __typename }",
    "{ cargos(first: 2) { edges { node { trackingId } } } }",
    "query Q($n: Int) { cargos(first: $n) { edges { node { id } } } }",
    "mutation { __typename }",
    "{ __schema { types { name } } }",
    "{ cargo(trackingId: ",
    "}}}}",
    "fragment A on Cargo { ...A } { cargos { edges { node { ...A } } } }",
    "query A { __typename } query B { __typename }",
    "subscription { __typename }",
    "{ a: __typename b: __typename c: __typename }",
    "\"\"\"unterminated",
    "{ cargos(first: [[1,2],[3]]) { edges { cursor } } }",
    "",
  };
  private static final String[] IDS = {
    "0000000000000000000000000000000000000000000000000000000000000000",
    "sha256:0000000000000000000000000000000000000000000000000000000000000000",
    "sha256:",
    "xyz",
    "ZZZZ000000000000000000000000000000000000000000000000000000000000",
    "../../etc/passwd",
    "%00",
  };
  private static final String[] VARIABLES = {
    "{\"n\": 2}",
    "{\"n\": \"2\"}",
    "{\"n\": -1}",
    "{\"n\": 1e400}",
    "[]",
    "null",
    "\"x\"",
    "{",
    "{\"n\": {\"a\": [1, {\"b\": null}]}}",
    "{\"n\": 99999999999999999999999}",
  };
  private static final String[] METHODS = {"GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"};
  private static final String[] PATHS = {
    "/graphql", "/v1/apps", "/v1/price-list", "/v1/documents/", "/v1/apps/web/versions/1",
    "/v1/apps/../versions/1", "/metrics", "/health", "/nowhere", "/graphql/extra",
  };
  private static final String[] CONTENT_TYPES = {
    "application/json",
    "application/json; charset=utf-8",
    "text/plain",
    "application/graphql",
    "multipart/form-data; boundary=x",
    "application/x-www-form-urlencoded",
    "",
  };

  /** The kinds of body {@link #body} makes, in the order of its cases, for the failure report. */
  private static final String[] BODY_KINDS = {
    "query with variables",
    "batch of two",
    "empty batch",
    "truncated JSON",
    "document id",
    "deeply nested query",
    "long comment",
    "garbage",
    "deeply nested variables",
    "operation",
  };

  @AutoClose private final GatewayHarness gateway = GatewayHarness.startWithBatching();

  private final Random random = new Random(SEED);

  /** The key the request being built carries ("none" without one), for the failure report. */
  private String key = "none";

  /** What kind of body the request being built carries, for the failure report. */
  private String kind = "none";

  @Test
  void corpus_noServerErrorsAndEveryRequestAnswered() {
    List<String> failures = new ArrayList<>();
    int answered = 0;
    // the client sends one request at a time, so the previous answer came on the connection this
    // request is sent on, unless that answer said Connection: close
    String previous = "none (the first request)";
    long previousEnd = System.nanoTime();
    for (int i = 0; i < REQUESTS; i++) {
      key = "none";
      kind = "none";
      HttpRequest request = next();
      String sent =
          describe(i, request)
              + ", "
              + (System.nanoTime() - previousEnd) / 1_000_000
              + " ms after the previous answer ("
              + previous
              + ")";
      HttpResponse<String> response;
      try {
        response = gateway.send(request);
      } catch (RuntimeException e) {
        failures.add("no answer to " + sent + ": " + causes(e));
        previous = "none: " + e;
        previousEnd = System.nanoTime();
        continue;
      }
      previousEnd = System.nanoTime();
      previous =
          response.statusCode()
              + ", Connection: "
              + response.headers().firstValue("Connection").orElse("(none)");
      answered++;
      int status = response.statusCode();
      if (status >= 500 && status != 502 && status != 503) {
        failures.add(status + " for " + sent + ": " + response.body());
      }
    }

    assertThat(failures).as("seed %d", SEED).isEmpty();
    assertThat(answered).isEqualTo(REQUESTS);
  }

  private HttpRequest next() {
    return switch (random.nextInt(4)) {
      case 0 -> graphqlGet();
      case 1, 2 -> graphqlPost();
      default -> anyRoute();
    };
  }

  private HttpRequest graphqlGet() {
    StringBuilder query = new StringBuilder("/graphql?");
    if (random.nextBoolean()) {
      query.append("query=").append(encode(text()));
    }
    if (random.nextInt(3) == 0) {
      query.append("&documentId=").append(encode(pick(IDS)));
    }
    if (random.nextInt(3) == 0) {
      query.append("&variables=").append(encode(pick(VARIABLES)));
    }
    if (random.nextInt(4) == 0) {
      query.append("&extensions=").append(encode(extensions()));
    }
    if (random.nextInt(5) == 0) {
      query.append("&operationName=").append(encode(random.nextBoolean() ? "A" : "Nope"));
    }
    return keyed(HttpRequest.newBuilder(gateway.request(query.toString(), null).build().uri()))
        .GET()
        .build();
  }

  private HttpRequest graphqlPost() {
    HttpRequest.Builder request = keyed(gateway.request("/graphql", null));
    String contentType = random.nextInt(6) == 0 ? pick(CONTENT_TYPES) : "application/json";
    if (!contentType.isEmpty()) {
      request.header("Content-Type", contentType);
    }
    if (random.nextInt(8) == 0) {
      request.header(
          "Accept", random.nextBoolean() ? "application/graphql-response+json" : "*/*;q=x");
    }
    return request.POST(HttpRequest.BodyPublishers.ofString(body())).build();
  }

  private HttpRequest anyRoute() {
    String path = pick(PATHS);
    if (path.endsWith("/documents/")) {
      path += encode(pick(IDS));
    }
    HttpRequest.Builder request = keyed(gateway.request(path, null));
    if (random.nextBoolean()) {
      request.header("Authorization", random.nextBoolean() ? "Bearer nope" : "Basic ???");
    }
    String method = pick(METHODS);
    String body = method.equals("GET") || method.equals("OPTIONS") ? "" : body();
    request.header(
        "Content-Type", pick(CONTENT_TYPES).isEmpty() ? "text/plain" : "application/json");
    return request.method(method, HttpRequest.BodyPublishers.ofString(body)).build();
  }

  private HttpRequest.Builder keyed(HttpRequest.Builder request) {
    String picked = pick(KEYS);
    if (!picked.isEmpty() && picked.chars().allMatch(c -> c >= 0x21 && c < 0x7f)) {
      request.header("X-API-Key", picked);
      key = picked;
    }
    return request;
  }

  private String body() {
    int chosen = random.nextInt(10);
    kind = BODY_KINDS[chosen];
    return switch (chosen) {
      case 0 -> "{\"query\": " + quote(text()) + ", \"variables\": " + pick(VARIABLES) + "}";
      case 1 -> "[" + operation() + "," + operation() + "]";
      case 2 -> "[]";
      case 3 -> "{\"query\": " + quote(text()); // truncated JSON
      case 4 -> "{\"documentId\": " + quote(pick(IDS)) + ", \"extensions\": " + extensions() + "}";
      case 5 -> "{\"query\": " + nested(random.nextInt(3_000)) + "}";
      case 6 ->
          "{\"query\": " + quote("{ __typename }\n#" + "x".repeat(random.nextInt(150_000))) + "}";
      case 7 -> "\u00ff\u00fe garbage \u0000";
      case 8 -> "{\"query\": 7, \"variables\": {\"n\": " + nested(random.nextInt(2_000)) + "}}";
      default -> operation();
    };
  }

  private String operation() {
    return "{\"query\": "
        + quote(text())
        + ", \"operationName\": "
        + (random.nextBoolean() ? "null" : "\"A\"")
        + "}";
  }

  private String extensions() {
    return switch (random.nextInt(4)) {
      case 0 -> "{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": " + quote(pick(IDS)) + "}}";
      case 1 -> "{\"persistedQuery\": {\"version\": 2, \"sha256Hash\": \"x\"}}";
      case 2 -> "{\"persistedQuery\": []}";
      default -> "\"not an object\"";
    };
  }

  /** A query text, or one mangled by a random cut or a random character. */
  private String text() {
    String text = pick(QUERIES);
    if (random.nextInt(4) == 0 && !text.isEmpty()) {
      text = text.substring(0, random.nextInt(text.length()));
    }
    if (random.nextInt(6) == 0) {
      text += (char) random.nextInt(0x3000);
    }
    return text;
  }

  /** {@code depth} nested JSON arrays around a number. */
  private static String nested(int depth) {
    return "[".repeat(depth) + "1" + "]".repeat(depth);
  }

  private <T> T pick(T[] values) {
    return values[random.nextInt(values.length)];
  }

  private static String quote(String text) {
    return GatewayHarness.json(text);
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  /** Request {@code index} as the report names it: its line, key, and body's kind and size. */
  private String describe(int index, HttpRequest request) {
    String uri = request.uri().toString();
    long bytes = request.bodyPublisher().map(HttpRequest.BodyPublisher::contentLength).orElse(0L);
    return "request "
        + index
        + " "
        + request.method()
        + " "
        + (uri.length() > 200 ? uri.substring(0, 200) + "…" : uri)
        + " (key "
        + key
        + ", body "
        + kind
        + " of "
        + bytes
        + " bytes)";
  }

  /** {@code e} and its causes, each as its class and message. */
  private static String causes(Throwable e) {
    StringBuilder text = new StringBuilder(e.toString());
    for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
      text.append(" <- ").append(cause);
    }
    return text.toString();
  }
}
