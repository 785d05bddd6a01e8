package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.admission.FakeClock;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.http.AdminToken.Scope;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.StoreSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The key routes (issue 27) on a real server over an H2 store, with the demo's policies and a fake
 * clock: a key issued with {@code POST /v1/keys} is admitted at once on {@code /graphql}, listed
 * without its secret, rotated (both secrets admitted in the overlap, the old one refused after),
 * revoked and expired (refused with the same 401 as an unknown key, before the body); the config's
 * keys keep working; a key survives a restart; each route refuses bad input with its code.
 */
final class KeyRoutesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ADMIN = "admin-secret";
  private static final String PUBLISHER = "publish-secret";

  /** TrackCargo of the demo manifest, registered for app cargo-web, which policy web may run. */
  private static final String TRACK_CARGO =
      "/graphql?documentId=cecd6ffb8bbbccd57fdf53c4b72c8aa691c1b9c8aca6013850757ef6da830487"
          + "&variables=%7B%22trackingId%22%3A%22ABC123%22%7D";

  @TempDir Path tempDir;

  private final FakeClock clock = new FakeClock();
  private final HttpClient client = HttpClient.newHttpClient();
  private @Nullable RegistryStore store;
  private @Nullable RegistryServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
      server = null;
    }
    if (store != null) {
      store.close();
      store = null;
    }
  }

  @Test
  void issue_admittedAtOnce_listedWithoutTheSecret() throws IOException {
    start();
    HttpResponse<String> issued = send("POST", "/v1/keys", "{\"policy\":\"web\"}", ADMIN);
    JsonNode key = JSON.readTree(issued.body());
    String secret = key.get("secret").asText();
    HttpResponse<String> list = send("GET", "/v1/keys", null, ADMIN);

    assertThat(issued.statusCode()).as(issued.body()).isEqualTo(201);
    assertThat(key.get("policy").asText()).isEqualTo("web");
    // tg_ + 8-character prefix + _ + 43 characters of base64 of 32 bytes: 3 + 8 + 1 + 43 = 55
    assertThat(secret).startsWith("tg_" + key.get("prefix").asText() + "_").hasSize(55);
    assertThat(graphql(secret).statusCode()).isEqualTo(200);
    assertThat(graphql("web-demo").statusCode()).as("a config key").isEqualTo(200);
    assertThat(list.statusCode()).isEqualTo(200);
    JsonNode listed = JSON.readTree(list.body()).get("keys").get(0);
    assertThat(listed.get("id").asText()).isEqualTo(key.get("id").asText());
    assertThat(listed.get("status").asText()).isEqualTo("active");
    assertThat(listed.get("createdBy").asText()).isEqualTo("ci-admin");
    assertThat(listed.has("secret")).isFalse();
    assertThat(list.body())
        .doesNotContain(secret)
        .doesNotContain(
            secret.substring("tg_".length() + 8 + 1)); // the random part, after tg_<prefix>_
  }

  /** A policy of the config's {@code policies} section: no key in the file, keys issued here. */
  @Test
  void issue_forAPolicyWithoutAConfigKey_admittedOnItsBudget() throws IOException {
    start();
    HttpResponse<String> issued = send("POST", "/v1/keys", "{\"policy\":\"gold\"}", ADMIN);
    HttpResponse<String> answer = graphql(JSON.readTree(issued.body()).get("secret").asText());

    assertThat(issued.statusCode()).as(issued.body()).isEqualTo(201);
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    // gold's bucket holds 500; TrackCargo costs 23 (the README's tour): 500 - 23 = 477
    assertThat(answer.headers().firstValue("X-RateLimit-Limit")).hasValue("500");
    assertThat(answer.headers().firstValue("X-RateLimit-Remaining")).hasValue("477");
  }

  @Test
  void rotate_bothSecretsInTheOverlap_oldRefusedAfter() throws IOException {
    start();
    JsonNode key = JSON.readTree(send("POST", "/v1/keys", "{\"policy\":\"web\"}", ADMIN).body());
    String old = key.get("secret").asText();
    HttpResponse<String> rotated =
        send(
            "POST",
            "/v1/keys/" + key.get("id").asText() + "/rotate",
            "{\"overlapSeconds\":600}",
            ADMIN);
    String fresh = JSON.readTree(rotated.body()).get("secret").asText();

    assertThat(rotated.statusCode()).as(rotated.body()).isEqualTo(201);
    assertThat(fresh).isNotEqualTo(old).startsWith("tg_" + key.get("prefix").asText() + "_");
    assertThat(graphql(old).statusCode()).as("old, in the overlap").isEqualTo(200);
    assertThat(graphql(fresh).statusCode()).isEqualTo(200);
    clock.advance(Duration.ofSeconds(600)); // the overlap's end: the old secret stops
    assertThat(graphql(old).statusCode()).as("old, after the overlap").isEqualTo(401);
    assertThat(graphql(fresh).statusCode()).isEqualTo(200);
  }

  @Test
  void revoke_refusedAtOnceLikeAnUnknownKey() throws IOException {
    start();
    JsonNode key =
        JSON.readTree(send("POST", "/v1/keys", "{\"policy\":\"partner\"}", ADMIN).body());
    String secret = key.get("secret").asText();
    assertThat(graphql(secret).statusCode()).isEqualTo(200);

    HttpResponse<String> revoked =
        send("DELETE", "/v1/keys/" + key.get("id").asText(), null, ADMIN);
    HttpResponse<String> refused = graphql(secret);
    HttpResponse<String> unknown = graphql("tg_unknown0_" + "A".repeat(43));

    assertThat(revoked.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(revoked.body()).get("status").asText()).isEqualTo("revoked");
    assertThat(refused.statusCode()).isEqualTo(401);
    assertThat(refused.body()).isEqualTo(unknown.body()).contains("UNAUTHENTICATED");
  }

  /**
   * As {@code UnknownKeyGuardTest} for an unknown key: a revoked key's POST is answered 401 from
   * its headers while its body (1000 bytes declared) is never sent, and the connection closed.
   */
  @Test
  void revoked_refusedBeforeTheBody() throws IOException {
    start();
    JsonNode key = JSON.readTree(send("POST", "/v1/keys", "{\"policy\":\"web\"}", ADMIN).body());
    send("DELETE", "/v1/keys/" + key.get("id").asText(), null, ADMIN);
    String head =
        "POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: "
            + key.get("secret").asText()
            + "\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n";

    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(5_000);
      socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
      long start = System.nanoTime();
      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      long millis = (System.nanoTime() - start) / 1_000_000;

      assertThat(answer).startsWith("HTTP/1.1 401 ").contains("Connection: close\r\n");
      assertThat(answer)
          .endsWith(
              "{\"errors\":[{\"message\":\"unknown API key\",\"extensions\":{\"code\":\"UNAUTHENTICATED\"}}]}");
      // the socket's 5 s timeout would fail the read: the answer did not wait for the body
      assertThat(millis).as("answered after %d ms", millis).isLessThan(1_000);
    }
  }

  @Test
  void expire_refusedFromTheExpiry() throws IOException {
    start();
    // the fake clock starts at 2026-01-01T00:00:00Z: the key lasts one hour
    HttpResponse<String> issued =
        send(
            "POST", "/v1/keys", "{\"policy\":\"web\",\"expires\":\"2026-01-01T01:00:00Z\"}", ADMIN);
    String secret = JSON.readTree(issued.body()).get("secret").asText();
    assertThat(issued.statusCode()).isEqualTo(201);
    assertThat(JSON.readTree(issued.body()).get("expires").asText())
        .isEqualTo("2026-01-01T01:00:00Z");
    assertThat(graphql(secret).statusCode()).isEqualTo(200);

    clock.advance(Duration.ofHours(1));

    assertThat(graphql(secret).statusCode()).isEqualTo(401);
    assertThat(
            JSON.readTree(send("GET", "/v1/keys", null, ADMIN).body())
                .at("/keys/0/status")
                .asText())
        .isEqualTo("expired");
  }

  @Test
  void key_survivesARestart() throws IOException {
    start();
    String secret =
        JSON.readTree(send("POST", "/v1/keys", "{\"policy\":\"web\"}", ADMIN).body())
            .get("secret")
            .asText();
    stop();

    start();

    assertThat(graphql(secret).statusCode()).isEqualTo(200);
  }

  /**
   * Each route's bad input, on one server: method, path (ID: an issued key's), body, status, code.
   */
  private static final List<List<String>> BAD_INPUT =
      List.of(
          List.of("POST", "/v1/keys", "{\"policy\":\"platinum\"}", "422", "UNKNOWN_POLICY"),
          List.of("POST", "/v1/keys", "{\"policy\":\"anonymous\"}", "422", "UNKNOWN_POLICY"),
          List.of("POST", "/v1/keys", "{}", "400", "INVALID_KEY_REQUEST"),
          List.of("POST", "/v1/keys", "[1]", "400", "INVALID_KEY_REQUEST"),
          List.of(
              "POST",
              "/v1/keys",
              "{\"policy\":\"web\",\"owner\":\"x\"}",
              "400",
              "INVALID_KEY_REQUEST"),
          List.of(
              "POST",
              "/v1/keys",
              "{\"policy\":\"web\",\"expires\":\"tomorrow\"}",
              "400",
              "INVALID_KEY_REQUEST"),
          List.of(
              "POST",
              "/v1/keys",
              "{\"policy\":\"web\",\"expires\":\"2025-12-31T00:00:00Z\"}",
              "400",
              "INVALID_KEY_REQUEST"),
          List.of("POST", "/v1/keys", "{\"policy\":", "400", "MALFORMED_JSON"),
          List.of("POST", "/v1/keys/nope/rotate", "{}", "404", "KEY_NOT_FOUND"),
          List.of(
              "POST",
              "/v1/keys/ID/rotate",
              "{\"overlapSeconds\":-1}",
              "400",
              "INVALID_KEY_REQUEST"),
          List.of(
              "POST",
              "/v1/keys/ID/rotate",
              "{\"overlapSeconds\":2592001}",
              "400",
              "INVALID_KEY_REQUEST"),
          List.of(
              "POST",
              "/v1/keys/ID/rotate",
              "{\"overlapSeconds\":1.5}",
              "400",
              "INVALID_KEY_REQUEST"),
          List.of("DELETE", "/v1/keys/nope", "", "404", "KEY_NOT_FOUND"));

  @Test
  void badInput_refusedWithItsCode() throws IOException {
    start();
    String id =
        JSON.readTree(send("POST", "/v1/keys", "{\"policy\":\"web\"}", ADMIN).body())
            .get("id")
            .asText();

    for (List<String> bad : BAD_INPUT) {
      HttpResponse<String> answer =
          send(
              bad.get(0),
              bad.get(1).replace("ID", id),
              bad.get(2).isEmpty() ? null : bad.get(2),
              ADMIN);

      String which = bad.get(0) + " " + bad.get(1) + " " + bad.get(2) + ": " + answer.body();
      assertThat(answer.statusCode()).as(which).isEqualTo(Integer.parseInt(bad.get(3)));
      JsonNode error = JSON.readTree(answer.body());
      assertThat(error.get("code").asText()).as(which).isEqualTo(bad.get(4));
      assertThat(error.get("message").asText())
          .as(which)
          .doesNotContain("\n")
          .doesNotContain("Exception");
    }
    // nothing refused was stored: the one key issued above
    assertThat(JSON.readTree(send("GET", "/v1/keys", null, ADMIN).body()).get("keys")).hasSize(1);
  }

  @Test
  void rotateRevoked_conflict_andTokensChecked() throws IOException {
    start();
    String id =
        JSON.readTree(send("POST", "/v1/keys", "{\"policy\":\"web\"}", ADMIN).body())
            .get("id")
            .asText();
    send("DELETE", "/v1/keys/" + id, null, ADMIN);

    HttpResponse<String> rotated = send("POST", "/v1/keys/" + id + "/rotate", "", ADMIN);
    HttpResponse<String> publisher = send("POST", "/v1/keys", "{\"policy\":\"web\"}", PUBLISHER);
    HttpResponse<String> nobody = send("GET", "/v1/keys", null, null);

    assertThat(rotated.statusCode()).isEqualTo(409);
    assertThat(rotated.body()).contains("KEY_REVOKED");
    assertThat(publisher.statusCode()).isEqualTo(403);
    assertThat(nobody.statusCode()).isEqualTo(401);
  }

  /* ---- helpers ---- */

  private void start() {
    store = RegistryStore.open(StoreSettings.h2In(tempDir.resolve("data")), clock);
    ServerConfig config =
        DemoConfig.create(0, tempDir.resolve("data"))
            .transform(
                c ->
                    c.store(StoreSettings.h2In(tempDir.resolve("data")))
                        .adminTokens(
                            List.of(
                                new AdminToken("ci-admin", ADMIN, Scope.ADMIN),
                                new AdminToken("ci-publisher", PUBLISHER, Scope.PUBLISH)))
                        .keylessPolicies(
                            Map.of(
                                "gold",
                                KeyPolicy.newPolicy("gold")
                                    .apps(Set.of("cargo-web"))
                                    .budget(new KeyPolicy.Budget(500, 5))
                                    .build())));
    server = RegistryServer.builder(config).store(store).clock(clock).start();
  }

  private HttpResponse<String> graphql(String key) {
    return send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + TRACK_CARGO))
            .header("X-API-Key", key)
            .header("Accept", "application/graphql-response+json")
            .GET());
  }

  private HttpResponse<String> send(
      String method, String path, @Nullable String body, @Nullable String token) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return send(request);
  }

  private HttpResponse<String> send(HttpRequest.Builder request) {
    try {
      return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
