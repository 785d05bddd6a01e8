package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.admission.UpstreamRequest;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import dev.tollgate.registry.upstream.UpstreamSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 23, item 1: on one kept-alive connection, a request whose {@code Authorization} or {@code
 * Cookie} differed from the one before only in letter case was handled with the earlier value
 * (Jetty's per-connection header field cache matched it ignoring case): forwarded upstream as it,
 * and answered from its response-cache entry ({@code Age: 0}). Both requests go on one raw socket,
 * one after the other, as curl's {@code --next} sends them. A value that Jetty's static table of
 * common fields holds was taken in the table's spelling, on any connection.
 */
final class KeptAliveHeadersTest {

  private static final String QUERY =
      "query Viewer($run: Int) { cargo(trackingId: \"ABC123\") { id } }";

  @AutoClose private final GatewayHarness gateway = GatewayHarness.start();
  private final DocumentHash viewer =
      gateway.publishFixed("web", "1", QUERY, "Viewer", OperationKind.QUERY, 3);

  @ParameterizedTest(name = "{0}")
  @CsvSource({"Authorization, Bearer carol-1, Bearer CAROL-1", "Cookie, sid=carol-1, sid=CAROL-1"})
  void get_sameConnection_credentialDiffersInCase_forwardedAsSentAndNotServedFromCache(
      String header, String first, String second) throws IOException {
    try (RawConnection connection = new RawConnection(gateway.port(), 5_000)) {
      RawConnection.Answer one = send(connection, "trusted-key", header, first);
      RawConnection.Answer two = send(connection, "trusted-key", header, second);
      // the first credential again: answered from its own entry, so the cache is in play here
      RawConnection.Answer three = send(connection, "trusted-key", header, first);

      assertThat(List.of(one.status(), two.status(), three.status())).containsOnly(200);
      assertThat(forwarded(header)).containsExactly(first, second);
      assertThat(one.header("Age")).isNull();
      assertThat(two.header("Age")).as("served from the first one's entry").isNull();
      assertThat(three.header("Age")).isNotNull();
    }
  }

  /** Keys are compared as sent: one differing from a configured key in case is unknown. */
  @Test
  void get_sameConnection_apiKeyDiffersInCase_401() throws IOException {
    try (RawConnection connection = new RawConnection(gateway.port(), 5_000)) {
      RawConnection.Answer known = send(connection, "trusted-key", "Cookie", "sid=1");
      RawConnection.Answer unknown = send(connection, "TRUSTED-KEY", "Cookie", "sid=1");

      assertThat(known.status()).isEqualTo(200);
      assertThat(unknown.status()).isEqualTo(401);
      assertThat(unknown.body()).contains("\"UNAUTHENTICATED\"");
      assertThat(gateway.upstream.requests()).hasSize(1);
    }
  }

  /**
   * A value that Jetty's static table of common fields also holds ({@code Cache-Control: no-cache})
   * is forwarded as sent, not in the table's spelling: its lookup ignores case too.
   */
  @Test
  void post_forwardedValueInJettysTable_forwardedAsSent() throws IOException {
    List<String> forward = new ArrayList<>(UpstreamSettings.DEFAULTS.forwardHeaders());
    forward.add("cache-control");
    UpstreamSettings upstream =
        UpstreamSettings.DEFAULTS
            .withTimeoutMillis(1_000)
            .withHeaderRules(forward, Map.of(), false, List.of(), List.of());
    try (GatewayHarness forwarding = GatewayHarness.startWith(upstream);
        RawConnection connection = new RawConnection(forwarding.port(), 5_000)) {
      String body = "{\"query\":\"{ __typename }\"}";
      for (String value : List.of("no-cache", "NO-CACHE")) {
        connection.write(
            "POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: partner-key\r\n"
                + "Content-Type: application/json\r\nCache-Control: "
                + value
                + "\r\nContent-Length: "
                + body.length()
                + "\r\n\r\n"
                + body);
        assertThat(connection.readAnswer().status()).isEqualTo(200);
      }

      assertThat(forwarded(forwarding, "Cache-Control")).containsExactly("no-cache", "NO-CACHE");
    }
  }

  /** A registered GET by id with {@code header: value}; its answer. */
  private RawConnection.Answer send(
      RawConnection connection, String key, String header, String value) throws IOException {
    connection.write(
        "GET /graphql?documentId="
            + viewer.hex()
            + " HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: "
            + key
            + "\r\n"
            + header
            + ": "
            + value
            + "\r\n\r\n");
    return connection.readAnswer();
  }

  /** The values of {@code header} on the upstream's requests, in order. */
  private List<String> forwarded(String header) {
    return forwarded(gateway, header);
  }

  private static List<String> forwarded(GatewayHarness gateway, String header) {
    List<String> values = new ArrayList<>();
    for (UpstreamRequest request : gateway.upstream.requests()) {
      for (Map.Entry<String, List<String>> sent : request.headers().entrySet()) {
        if (sent.getKey().equalsIgnoreCase(header)) {
          values.addAll(sent.getValue());
        }
      }
    }
    return values;
  }
}
