package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input gets a clear, GraphQL-shaped 4xx and never reaches the upstream. The refusals share one
 * gateway: each asserts that the upstream was never called and no budget was spent, which holds
 * only while no request on it is admitted; the one admitted request has a gateway of its own.
 */
final class GatewayBadInputTest {

  private static final String KEY = "partner-key";

  @AutoClose private static final GatewayHarness gateway = GatewayHarness.start();

  static Stream<Arguments> badBodies() {
    return Stream.of(
        Arguments.of(
            "malformedJson", "{\"query\": \"{ __typename }\"", "request body is not valid JSON"),
        Arguments.of("trailingGarbage", "{\"query\": \"{ __typename }\"} x", "not valid JSON"),
        Arguments.of("emptyBody", "", "request body is empty"),
        Arguments.of(
            "variablesNotAnObject",
            "{\"query\":\"{ __typename }\",\"variables\":[1,2]}",
            "variables must be a JSON object"),
        Arguments.of("queryNotAString", "{\"query\":42}", "query must be a string"),
        Arguments.of("bodyNotAnObject", "\"{ __typename }\"", "must be a JSON object"),
        Arguments.of("noQueryNoId", "{}", "a request needs a query"));
  }

  @ParameterizedTest(name = "post_{0}_400")
  @MethodSource("badBodies")
  void post_badBody_400BadRequest(String condition, String body, String message) {
    assertBad(gateway.post(KEY, body), 400, "BAD_REQUEST", message);
  }

  @Test
  void post_wrongContentType_415() {
    HttpResponse<String> response =
        gateway.send(
            gateway
                .request("/graphql", KEY)
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"{ __typename }\"}"))
                .build());

    assertBad(response, 415, "UNSUPPORTED_MEDIA_TYPE", "Content-Type must be application/json");
  }

  @Test
  void post_jsonWithCharset_accepted() {
    // admitted, so it calls the upstream: on a gateway of its own
    try (GatewayHarness own = GatewayHarness.start()) {
      HttpResponse<String> response =
          own.send(
              own.request("/graphql", KEY)
                  .header("Content-Type", "application/json; charset=utf-8")
                  .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"{ __typename }\"}"))
                  .build());

      assertThat(response.statusCode()).isEqualTo(200);
    }
  }

  @Test
  void post_bodyOverLimit_413() {
    String padding = " ".repeat((int) GatewayHarness.MAX_BODY);

    assertBad(
        gateway.post(KEY, "{\"query\":\"{ __typename }\"" + padding + "}"),
        413,
        "PAYLOAD_TOO_LARGE",
        "request body is larger than");
  }

  @Test
  void post_idNotPrintableAscii_400NamingIt() {
    // A custom id is 1 to 200 printable ASCII characters: "caf\u00e9" has a non-ASCII letter,
    // and 201 x "a" is one character too long.
    assertBad(
        gateway.post(KEY, Map.of("documentId", "caf\u00e9")),
        400,
        "INVALID_DOCUMENT_ID",
        "1 to 200 printable ASCII characters, got 4 characters: caf\\u00e9");
    assertBad(
        gateway.post(KEY, Map.of("doc_id", "a".repeat(201))),
        400,
        "INVALID_DOCUMENT_ID",
        "got 201 characters: aaaa");
    assertBad(gateway.post(KEY, Map.of("id", "")), 400, "INVALID_DOCUMENT_ID", "got an empty id");
  }

  @Test
  void post_persistedQueryVersion2_400() {
    String hash = "a".repeat(64);

    assertBad(
        gateway.post(
            KEY,
            Map.of(
                "extensions", Map.of("persistedQuery", Map.of("version", 2, "sha256Hash", hash)))),
        400,
        "PERSISTED_QUERY_VERSION_NOT_SUPPORTED",
        "Unsupported persisted query version");
  }

  @Test
  void post_documentIdAndPersistedHashDiffer_400() {
    Map<String, Object> body =
        Map.of(
            "documentId",
            "a".repeat(64),
            "extensions",
            Map.of("persistedQuery", Map.of("version", 1, "sha256Hash", "b".repeat(64))));

    assertBad(gateway.post(KEY, body), 400, "BAD_REQUEST", "differ");
  }

  @Test
  void post_invalidUtf8_400() {
    byte[] body = {
      '{', '"', 'q', 'u', 'e', 'r', 'y', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'
    };

    assertBad(postBytes(body), 400, "BAD_REQUEST", "request body is not valid UTF-8");
  }

  @Test
  void post_invalidUtf8InTheFirstEightBytes_400() {
    // the ASCII check reads eight bytes at a time: the bad pair sits at offsets 3 and 4, in the
    // first word, and the body is long enough to have words at all
    byte[] body = {
      '{', '"', 'q', (byte) 0xC3, (byte) 0x28, 'r', 'y', '"', ':', '"', 'x', 'x', 'x', '"', '}'
    };

    assertBad(postBytes(body), 400, "BAD_REQUEST", "request body is not valid UTF-8");
  }

  private HttpResponse<String> postBytes(byte[] body) {
    return gateway.send(
        gateway
            .request("/graphql", KEY)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build());
  }

  @Test
  void get_variablesNotJson_400() {
    assertBad(
        gateway.get(KEY, Map.of("query", "{ __typename }", "variables", "{n:")),
        400,
        "BAD_REQUEST",
        "variables is not valid JSON");
  }

  @Test
  void get_extensionsNotAnObject_400() {
    assertBad(
        gateway.get(KEY, Map.of("query", "{ __typename }", "extensions", "[]")),
        400,
        "BAD_REQUEST",
        "extensions must be a JSON object");
  }

  @Test
  void get_malformedEscapeInVariables_400NotValidJson() throws IOException {
    // %zz is no escape: kept as it is, it spoils the JSON instead of vanishing (java.net.URI
    // refuses to send it, so the request is written by hand)
    String request =
        "GET /graphql?query=%7B__typename%7D&variables=%7B%22a%22%3A%zz%7D HTTP/1.1\r\n"
            + "Host: 127.0.0.1\r\nX-API-Key: "
            + KEY
            + "\r\nConnection: close\r\n\r\n";
    try (Socket socket = new Socket("127.0.0.1", gateway.port())) {
      socket.setSoTimeout(5_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));

      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      // a request that is not a GraphQL request keeps its 400 in application/json too
      assertThat(answer).startsWith("HTTP/1.1 400 ");
      assertThat(answer)
          .contains("\"message\":\"variables is not valid JSON")
          .contains("\"code\":\"BAD_REQUEST\"")
          .doesNotContain("\"data\"");
    }
    assertThat(gateway.upstreamCalls()).isZero();
  }

  @Test
  void get_parameterTwice_400() {
    HttpResponse<String> response =
        gateway.send(
            gateway.request("/graphql?query=%7B__typename%7D&query=%7Bx%7D", KEY).GET().build());

    assertBad(response, 400, "BAD_REQUEST", "query parameter query is given more than once");
  }

  private static void assertBad(
      HttpResponse<String> response, int status, String code, String message) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    JsonNode body = body(response);
    assertThat(body.at("/errors/0/extensions/code").asText()).isEqualTo(code);
    assertThat(body.at("/errors/0/message").asText()).contains(message);
    assertThat(body.has("data")).isFalse();
    assertThat(body.at("/extensions/rateLimit").isObject()).isTrue();
    assertThat(response.headers().firstValue("X-RateLimit-Limit")).hasValue("100000");
    assertThat(gateway.upstreamCalls()).isZero();
  }
}
