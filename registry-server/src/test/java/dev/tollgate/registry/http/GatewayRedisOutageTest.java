package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.config.ConfigLoader;
import dev.tollgate.registry.document.Sha256;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12 item 2: a gateway whose Redis budget store is stopped, frozen and started again, over
 * real HTTP, with a {@code redis-server} the test starts on a spare port (skipped without one) and
 * the server wired from a config file. Each key is open-mode with 100 units and no refill; {@code
 * gateway.expectedInstances} is 4, so a {@code local} key gets 100 / 4 = 25 units in this gateway
 * while Redis is away.
 */
final class GatewayRedisOutageTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String LOCAL_KEY = "local-key";
  private static final String DENY_KEY = "deny-key";
  // book model: cargo 1 + id 1 = 2 units
  private static final String QUERY = "{\"query\": \"{ cargo(trackingId: \\\"A\\\") { id } }\"}";
  private static final String MALFORMED = "{\"query\": ";
  private static final Duration FAST = Duration.ofMillis(500);

  @TempDir Path dir;
  private RedisServerProcess redis;
  private RegistryServer server;
  private final HttpClient client = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    redis = RedisServerProcess.start();
    Path config = dir.resolve("tollgate.json");
    Files.writeString(
        config,
        """
        {"gateway": {"budgetStore": "redis", "redisUrl": "%s", "expectedInstances": 4},
         "keys": {
           "local-key": {"name": "local-policy", "mode": "open", "apps": ["*"],
                         "budget": {"capacity": 100, "refillPerSecond": 0}},
           "deny-key": {"name": "deny-policy", "mode": "open", "apps": ["*"],
                        "budget": {"capacity": 100, "refillPerSecond": 0, "onStoreFailure": "deny"}}}}
        """
            .formatted(redis.url()));
    server = RegistryServer.start(ConfigLoader.load(config, 0, dir.resolve("data")));
  }

  @AfterEach
  void stop() throws Exception {
    if (server != null) {
      server.close();
    }
    if (redis != null) {
      redis.close();
    }
  }

  @Test
  void post_redisKilled_localShareThen429ThenRedisAgainWhenBack() throws Exception {
    assertThat(post(LOCAL_KEY, QUERY).statusCode()).isEqualTo(200);
    // 100 - 2
    assertThat(units("local-policy")).isEqualTo("98");

    redis.kill();

    // 25 local units buy 12 queries of 2 (24 units); the 13th finds 1 unit.
    for (int i = 1; i <= 12; i++) {
      HttpResponse<String> admitted = post(LOCAL_KEY, QUERY);
      assertThat(admitted.statusCode()).as("query %d: %s", i, admitted.body()).isEqualTo(200);
      assertThat(admitted.headers().firstValue("X-RateLimit-Limit")).hasValue("25");
      assertThat(admitted.headers().firstValue("X-RateLimit-Remaining"))
          .hasValue(Long.toString(25 - 2 * i));
    }
    HttpResponse<String> refused = post(LOCAL_KEY, QUERY);
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(429);
    assertThat(code(refused)).isEqualTo("RATE_LIMITED");
    assertThat(refused.headers().firstValue("Retry-After")).isPresent();
    // 12 admitted + 1 refused charges, none taken by Redis
    assertThat(metrics()).contains("\ntollgate_budget_store_failures_total 13\n");

    redis.restart();
    Thread.sleep(1_100); // past the probe interval (1 s) since the last failure

    HttpResponse<String> back = post(LOCAL_KEY, QUERY);
    assertThat(back.statusCode()).as(back.body()).isEqualTo(200);
    assertThat(back.headers().firstValue("X-RateLimit-Limit")).hasValue("100");
    // The restarted Redis is empty: a new bucket, 100 - 2.
    assertThat(units("local-policy")).isEqualTo("98");
    assertThat(metrics()).contains("\ntollgate_budget_store_failures_total 13\n");
  }

  @Test
  void post_redisKilledDenyPolicy_503WithRetryAfter() throws Exception {
    redis.kill();

    HttpResponse<String> response = post(DENY_KEY, QUERY);

    assertThat(response.statusCode()).as(response.body()).isEqualTo(503);
    assertThat(code(response)).isEqualTo("BUDGET_STORE_UNAVAILABLE");
    assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
    assertThat(response.body()).doesNotContain("redis://").doesNotContain("127.0.0.1");
    HttpRequest priceList =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/v1/price-list"))
            .build();
    JsonNode policies =
        JSON.readTree(client.send(priceList, HttpResponse.BodyHandlers.ofString()).body())
            .get("policies");
    assertThat(policies.at("/deny-policy/budget/onStoreFailure").asText()).isEqualTo("deny");
    assertThat(policies.at("/local-policy/budget/onStoreFailure").asText()).isEqualTo("local");
  }

  @Test
  void post_redisFrozen_badInputFastAndAdmittedLocallyThenRedisAgainWhenThawed() throws Exception {
    assertThat(post(LOCAL_KEY, QUERY).statusCode()).isEqualTo(200);
    redis.freeze();

    // A call to the frozen Redis would wait for the 1 s timeout: a refusal makes none.
    long started = System.nanoTime();
    HttpResponse<String> bad = post(LOCAL_KEY, MALFORMED);
    assertThat(elapsedSince(started)).isLessThan(FAST);
    assertThat(bad.statusCode()).as(bad.body()).isEqualTo(400);
    assertThat(code(bad)).isEqualTo("BAD_REQUEST");
    // What this gateway last saw: 100 - 2
    assertThat(bad.headers().firstValue("X-RateLimit-Remaining")).hasValue("98");

    started = System.nanoTime();
    HttpResponse<String> first = post(LOCAL_KEY, QUERY);
    assertThat(elapsedSince(started)).isLessThan(Duration.ofSeconds(3));
    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    // 25 - 2 in the local bucket
    assertThat(first.headers().firstValue("X-RateLimit-Remaining")).hasValue("23");

    started = System.nanoTime();
    HttpResponse<String> second = post(LOCAL_KEY, QUERY);
    assertThat(elapsedSince(started)).isLessThan(FAST);
    assertThat(second.headers().firstValue("X-RateLimit-Remaining")).hasValue("21");

    redis.thaw();
    Thread.sleep(1_100);

    assertThat(post(LOCAL_KEY, QUERY).headers().firstValue("X-RateLimit-Limit")).hasValue("100");
    // 98 - 2 - 2: the charge that timed out was queued in the frozen Redis, which ran it once
    // thawed (charged twice, locally and in Redis, as BudgetStoreUnavailableException warns); the
    // second outage charge never reached Redis; then this one.
    assertThat(units("local-policy")).isEqualTo("94");
  }

  private HttpResponse<String> post(String key, String body)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/graphql"))
            .header("X-API-Key", key)
            .header("Content-Type", "application/json")
            .header("Accept", "application/graphql-response+json")
            .timeout(Duration.ofSeconds(10))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    return client.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private String metrics() throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/metrics"))
            .build();
    return client.send(request, HttpResponse.BodyHandlers.ofString()).body();
  }

  private String units(String policy) {
    return redis.admin().hget("tollgate:budget:" + Sha256.hex(policy), "units");
  }

  private static String code(HttpResponse<String> response) throws IOException {
    JsonNode body = JSON.readTree(response.body());
    return body.at("/errors/0/extensions/code").asText();
  }

  private static Duration elapsedSince(long started) {
    return Duration.ofNanos(System.nanoTime() - started);
  }
}
