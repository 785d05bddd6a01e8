package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.gateway.CatalogSettings;
import dev.tollgate.registry.store.TestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Two gateways on one PostgreSQL (issue 27 items 4 and 5): an admin token issued on A is accepted
 * by B, its revocation on A is refused by B within a second; the audit trail, read on B, lists
 * every change and refusal with its actor, filtered by actor and action on PostgreSQL; and no table
 * holds the token's secret. Runs only when {@code TOLLGATE_TEST_POSTGRES_URL} is set; otherwise
 * skipped.
 */
@Isolated // asserts on wall-clock delays, so nothing else runs beside it
final class TokenMultiGatewayTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int REFRESH_MILLIS = 200;
  // The issue asks for under a second; the gateways poll the change id every 200 ms, so the
  // expected delay is about 200 ms, and a loaded 2-core machine still has 800 ms of slack.
  private static final Duration PROPAGATION_BOUND = Duration.ofSeconds(1);

  private final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @Test
  void issueAndRevoke_onGatewayA_reachGatewayBWithinASecond_auditedOnPostgres() throws Exception {
    try (TestDatabase database = TestDatabase.postgres();
        RegistryServer a = RegistryServer.start(config(database));
        RegistryServer b = RegistryServer.start(config(database))) {
      HttpResponse<String> issued =
          send(
              a,
              "POST",
              "/v1/tokens",
              "{\"name\":\"deploy\",\"scope\":\"admin\"}",
              DemoConfig.ADMIN_TOKEN);
      JsonNode token = JSON.readTree(issued.body());
      String secret = token.get("secret").asText();
      String prefix = token.get("prefix").asText();
      long issuedAt = System.nanoTime();
      int firstOnB = pollUntil(b, secret, 200);
      Duration issueDelay = Duration.ofNanos(System.nanoTime() - issuedAt);
      HttpResponse<String> retired =
          send(b, "DELETE", "/v1/apps/nope/versions/1", null, secret); // 404, by the new token

      HttpResponse<String> revoked =
          send(a, "DELETE", "/v1/tokens/" + token.get("id").asText(), null, DemoConfig.ADMIN_TOKEN);
      long revokedAt = System.nanoTime();
      int lastOnB = pollUntil(b, secret, 403);
      Duration revokeDelay = Duration.ofNanos(System.nanoTime() - revokedAt);
      System.out.println(
          "admin tokens on two gateways: issued on A, accepted on B after "
              + issueDelay.toMillis()
              + " ms; revoked on A, refused on B after "
              + revokeDelay.toMillis()
              + " ms");
      JsonNode all =
          JSON.readTree(send(b, "GET", "/v1/audit", null, DemoConfig.ADMIN_TOKEN).body());
      JsonNode byToken =
          JSON.readTree(
              send(b, "GET", "/v1/audit?actor=" + prefix + "&limit=1", null, DemoConfig.ADMIN_TOKEN)
                  .body());
      JsonNode issues =
          JSON.readTree(
              send(b, "GET", "/v1/audit?action=token.issue", null, DemoConfig.ADMIN_TOKEN).body());

      assertThat(issued.statusCode()).as(issued.body()).isEqualTo(201);
      assertThat(firstOnB).isEqualTo(200);
      assertThat(issueDelay).isLessThan(PROPAGATION_BOUND);
      assertThat(retired.statusCode()).isEqualTo(404);
      assertThat(revoked.statusCode()).as(revoked.body()).isEqualTo(200);
      assertThat(send(a, "GET", "/v1/tokens", null, secret).statusCode())
          .as("on A, at once")
          .isEqualTo(403);
      assertThat(lastOnB).isEqualTo(403);
      assertThat(revokeDelay).isLessThan(PROPAGATION_BOUND);
      // newest first: the revocation, the refused retirement by the token, its issue (the demo's
      // own start-up publication goes through no route, so it has no entry)
      assertThat(actions(all))
          .containsExactly(
              "admin-demo token.revoke ok",
              prefix + " retire refused: VERSION_NOT_FOUND",
              "admin-demo token.issue ok");
      assertThat(actions(byToken)).containsExactly(prefix + " retire refused: VERSION_NOT_FOUND");
      assertThat(issues.get("entries")).hasSize(1);
      assertThat(tableText(database, "admin_tokens") + tableText(database, "audit_log"))
          .contains(prefix)
          .doesNotContain(secret);
    }
  }

  private static ServerConfig config(TestDatabase database) {
    return DemoConfig.create(0, Path.of("unused"))
        .transform(c -> c.store(database.config()).catalog(new CatalogSettings(REFRESH_MILLIS)));
  }

  private static List<String> actions(JsonNode page) {
    List<String> lines = new ArrayList<>();
    for (JsonNode entry : page.get("entries")) {
      lines.add(
          entry.get("actor").asText()
              + " "
              + entry.get("action").asText()
              + " "
              + entry.get("outcome").asText());
    }
    return lines;
  }

  /** Every column of every row of {@code table}, as text. */
  private static String tableText(TestDatabase database, String table) throws Exception {
    StringBuilder text = new StringBuilder();
    try (Connection connection = DriverManager.getConnection(database.config().jdbcUrl());
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT * FROM " + table)) {
      int columns = rows.getMetaData().getColumnCount();
      while (rows.next()) {
        for (int i = 1; i <= columns; i++) {
          text.append(rows.getString(i)).append('\n');
        }
      }
    }
    return text.toString();
  }

  /** Lists the tokens on {@code server} with {@code token} every 20 ms until {@code status}. */
  private int pollUntil(RegistryServer server, String token, int status) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
    int last;
    do {
      last = send(server, "GET", "/v1/tokens", null, token).statusCode();
      if (last == status) {
        return last;
      }
      Thread.sleep(20);
    } while (System.nanoTime() < deadline);
    return last;
  }

  private HttpResponse<String> send(
      RegistryServer server, String method, String path, @Nullable String body, String token)
      throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
            .header("Authorization", "Bearer " + token)
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body))
            .build();
    return client.send(request, HttpResponse.BodyHandlers.ofString());
  }
}
