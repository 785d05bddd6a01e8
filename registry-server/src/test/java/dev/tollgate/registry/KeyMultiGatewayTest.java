package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.gateway.CatalogSettings;
import dev.tollgate.registry.store.TestDatabase;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Two gateways on one PostgreSQL (issue 27): a key issued on one is admitted by the other, and its
 * revocation on one is refused by the other within a second, as publications are ({@link
 * MultiGatewayTest}). Runs only when {@code TOLLGATE_TEST_POSTGRES_URL} is set (no Redis needed:
 * budgets stay in memory); otherwise skipped.
 */
@Isolated // asserts on wall-clock delays, so nothing else runs beside it
final class KeyMultiGatewayTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int REFRESH_MILLIS = 200;
  // The issue asks for under a second; the gateways poll the change id every 200 ms, so the
  // expected delay is about 200 ms, and a loaded 2-core machine still has 800 ms of slack.
  private static final Duration PROPAGATION_BOUND = Duration.ofSeconds(1);
  private static final String TRACK_CARGO =
      "/graphql?documentId=cecd6ffb8bbbccd57fdf53c4b72c8aa691c1b9c8aca6013850757ef6da830487"
          + "&variables=%7B%22trackingId%22%3A%22ABC123%22%7D";

  private final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @Test
  void issueAndRevoke_onGatewayA_reachGatewayBWithinASecond() throws Exception {
    try (TestDatabase database = TestDatabase.postgres();
        RegistryServer a = RegistryServer.start(config(database));
        RegistryServer b = RegistryServer.start(config(database))) {
      HttpResponse<String> issued =
          send(
              a,
              HttpRequest.newBuilder(uri(a, "/v1/keys"))
                  .header("Authorization", "Bearer " + DemoConfig.ADMIN_TOKEN)
                  .POST(HttpRequest.BodyPublishers.ofString("{\"policy\":\"web\"}")));
      JsonNode key = JSON.readTree(issued.body());
      String secret = key.get("secret").asText();
      long issuedAt = System.nanoTime();
      int firstOnB = pollUntil(b, secret, 200);
      Duration issueDelay = Duration.ofNanos(System.nanoTime() - issuedAt);

      HttpResponse<String> revoked =
          send(
              a,
              HttpRequest.newBuilder(uri(a, "/v1/keys/" + key.get("id").asText()))
                  .header("Authorization", "Bearer " + DemoConfig.ADMIN_TOKEN)
                  .DELETE());
      long revokedAt = System.nanoTime();
      int lastOnB = pollUntil(b, secret, 401);
      Duration revokeDelay = Duration.ofNanos(System.nanoTime() - revokedAt);
      System.out.println(
          "keys on two gateways: issued on A, admitted on B after "
              + issueDelay.toMillis()
              + " ms; revoked on A, refused on B after "
              + revokeDelay.toMillis()
              + " ms");

      assertThat(issued.statusCode()).as(issued.body()).isEqualTo(201);
      assertThat(firstOnB).isEqualTo(200);
      assertThat(issueDelay).isLessThan(PROPAGATION_BOUND);
      assertThat(revoked.statusCode()).as(revoked.body()).isEqualTo(200);
      assertThat(graphql(a, secret).statusCode()).as("on A, at once").isEqualTo(401);
      assertThat(lastOnB).isEqualTo(401);
      assertThat(revokeDelay).isLessThan(PROPAGATION_BOUND);
    }
  }

  private static ServerConfig config(TestDatabase database) {
    return DemoConfig.create(0, Path.of("unused"))
        .transform(c -> c.store(database.config()).catalog(new CatalogSettings(REFRESH_MILLIS)));
  }

  /** Sends the key to {@code server} every 20 ms until it answers {@code status}, for 3 s. */
  private int pollUntil(RegistryServer server, String key, int status) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
    int last;
    do {
      last = graphql(server, key).statusCode();
      if (last == status) {
        return last;
      }
      Thread.sleep(20);
    } while (System.nanoTime() < deadline);
    return last;
  }

  private HttpResponse<String> graphql(RegistryServer server, String key) throws Exception {
    return send(
        server,
        HttpRequest.newBuilder(uri(server, TRACK_CARGO))
            .header("X-API-Key", key)
            .header("Accept", "application/graphql-response+json")
            .GET());
  }

  private HttpResponse<String> send(@Nullable RegistryServer server, HttpRequest.Builder request)
      throws IOException, InterruptedException {
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static URI uri(RegistryServer server, String path) {
    return URI.create("http://127.0.0.1:" + server.port() + path);
  }
}
