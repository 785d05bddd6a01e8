package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.GatewayHarness.JSON;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.store.TestDatabase;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A credential header sent on two lines is refused with 400 {@code BAD_REQUEST} from the headers
 * (issue 23, item 2; DESIGN §9), on {@code /graphql} before the body is read, uncharged and without
 * an upstream call, and on {@code /v1}. Raw sockets, so that the header lines are exactly those
 * written.
 */
final class RepeatedCredentialsTest {

  private static final String QUERY = "query Greeting { cargo(trackingId: \"ABC123\") { id } }";

  /**
   * Ample for an answer that does not wait for the body, under the harness's 5 s body read timeout:
   * a server waiting for the body would answer nothing before this.
   */
  private static final int REFUSAL_MILLIS = 4_000;

  /** For an admitted request, which runs and calls the upstream (slow on a loaded machine). */
  private static final int ANSWER_MILLIS = 30_000;

  @TempDir Path dir;

  /**
   * @param headers the request's credential header lines, separated by {@code &}
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "X-API-Key: trusted-key & X-API-Key: no-such-key | send one X-API-Key header, not 2",
        "X-API-Key: trusted-key & Authorization: Bearer a & authorization: Bearer b"
            + " | send one Authorization header, not 2",
        "X-API-Key: trusted-key & X-API-Key: trusted-key & X-API-Key: trusted-key"
            + " | send one X-API-Key header, not 3"
      })
  void graphql_credentialOnTwoLines_400BeforeTheBody_uncharged_noUpstreamCall(
      String headers, String message) throws IOException {
    try (GatewayHarness gateway = GatewayHarness.start()) {
      DocumentHash greeting =
          gateway.publishFixed("web", "1", QUERY, "Greeting", OperationKind.QUERY, 3);

      // a body of 100 bytes is declared and never sent: the answer cannot have waited for it
      String answer =
          exchange(
              gateway.port(),
              REFUSAL_MILLIS,
              "POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  + "Accept: application/graphql-response+json\r\n"
                  + headers.replace(" & ", "\r\n")
                  + "\r\nContent-Length: 100\r\n\r\n");

      assertThat(answer).startsWith("HTTP/1.1 400 ");
      JsonNode body = JSON.readTree(answer.substring(answer.indexOf("\r\n\r\n") + 4));
      assertThat(body.at("/errors/0/message").asText()).isEqualTo(message);
      assertThat(body.at("/errors/0/extensions/code").asText()).isEqualTo("BAD_REQUEST");
      assertThat(answer)
          .doesNotContain("trusted-key")
          .doesNotContain("Bearer")
          .doesNotContain("X-RateLimit")
          .contains("Vary: " + GatewayHarness.VARY + "\r\n");
      assertThat(gateway.upstreamCalls()).isZero();
      assertThat(gateway.metricsText())
          .contains("tollgate_requests_total{outcome=\"BAD_REQUEST\"} 1\n");
      // the key's bucket was not charged: the next request is its first charge, 10,000 - 3
      assertThat(
              gateway
                  .get("trusted-key", Map.of("documentId", greeting.hex()))
                  .headers()
                  .firstValue("X-RateLimit-Remaining"))
          .hasValue("9997");
    }
  }

  @Test
  void graphql_credentialsOnOneLineEach_admitted() throws IOException {
    try (GatewayHarness gateway = GatewayHarness.start()) {
      DocumentHash greeting =
          gateway.publishFixed("web", "1", QUERY, "Greeting", OperationKind.QUERY, 3);

      String answer =
          exchange(
              gateway.port(),
              ANSWER_MILLIS,
              "GET /graphql?documentId="
                  + greeting.hex()
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: trusted-key\r\n"
                  + "Authorization: Bearer a, Bearer b\r\nConnection: close\r\n\r\n");

      assertThat(answer).startsWith("HTTP/1.1 200 ");
      assertThat(gateway.upstreamCalls()).isEqualTo(1);
    }
  }

  @Test
  void v1_authorizationOnTwoLines_400InTheApiShape_oneLine200() throws IOException {
    try (RegistryTestServer server = RegistryTestServer.start(TestDatabase.h2(dir))) {
      String admin = "Authorization: Bearer " + RegistryTestServer.ADMIN + "\r\n";
      String head = "GET /v1/apps HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";

      String twice = server.rawBytes(head + admin + admin + "\r\n", false);
      String once = server.rawBytes(head + admin + "\r\n", false);

      assertThat(twice).startsWith("HTTP/1.1 400 ");
      JsonNode body = JSON.readTree(twice.substring(twice.indexOf("\r\n\r\n") + 4));
      assertThat(body.get("code").asText()).isEqualTo("BAD_REQUEST");
      assertThat(body.get("message").asText()).isEqualTo("send one Authorization header, not 2");
      assertThat(twice).doesNotContain(RegistryTestServer.ADMIN);
      assertThat(once).startsWith("HTTP/1.1 200 ");
    }
  }

  /**
   * Sends {@code request} in one write and reads the answer to the end of the stream, each read
   * timing out after {@code timeoutMillis}.
   */
  private static String exchange(int port, int timeoutMillis, String request) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(timeoutMillis);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
