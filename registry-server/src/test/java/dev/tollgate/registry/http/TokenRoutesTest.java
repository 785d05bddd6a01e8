package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.admission.FakeClock;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.http.AdminToken.Scope;
import dev.tollgate.registry.keys.KeySecrets;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.StoreSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Admin tokens issued at runtime (issue 27 item 5) on a real server over an H2 store with a fake
 * clock: issued by an admin token only, with its secret once; accepted at once by every route as
 * the config's tokens are, within its scope, named by its prefix in the audit trail; listed without
 * a secret; revoked or expired, refused as an unknown token; still there after a restart; and never
 * in plain text in the H2 files or the journal.
 */
final class TokenRoutesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ADMIN = "admin-secret";
  private static final String PUBLISHER = "publish-secret";

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
  void issue_acceptedAtOnceWithinItsScope_auditedByPrefix_listedWithoutSecret() throws IOException {
    start();
    HttpResponse<String> issued =
        send("POST", "/v1/tokens", "{\"name\":\"ci pipeline\",\"scope\":\"publish\"}", ADMIN);
    JsonNode token = JSON.readTree(issued.body());
    String secret = token.get("secret").asText();
    String prefix = token.get("prefix").asText();

    HttpResponse<String> published =
        send("POST", "/v1/apps/cargo-web/versions/2", manifest("query A { __typename }"), secret);
    HttpResponse<String> session = send("GET", "/v1/session", null, secret);
    HttpResponse<String> retire = send("DELETE", "/v1/apps/cargo-web/versions/2", null, secret);
    HttpResponse<String> issueAnother =
        send("POST", "/v1/tokens", "{\"name\":\"x\",\"scope\":\"admin\"}", secret);
    String list = send("GET", "/v1/tokens", null, ADMIN).body();
    JsonNode audit = JSON.readTree(send("GET", "/v1/audit", null, ADMIN).body()).get("entries");

    assertThat(issued.statusCode()).as(issued.body()).isEqualTo(201);
    // tga_ + 8-character prefix + _ + 43 characters of base64 of 32 bytes: 4 + 8 + 1 + 43 = 56
    assertThat(secret).startsWith("tga_" + prefix + "_").hasSize(56);
    assertThat(token.get("scope").asText()).isEqualTo("publish");
    assertThat(published.statusCode()).as(published.body()).isEqualTo(201);
    assertThat(JSON.readTree(session.body()).get("name").asText()).isEqualTo(prefix);
    assertThat(retire.statusCode()).as("publish scope may not retire").isEqualTo(403);
    assertThat(issueAnother.statusCode()).as("only admin issues tokens").isEqualTo(403);
    assertThat(list)
        .contains("\"name\":\"ci pipeline\"", "\"status\":\"active\"", "\"createdBy\":\"ci-admin\"")
        .doesNotContain(secret)
        .doesNotContain(KeySecrets.hash(secret));
    // newest first: the refused issue, the refused retirement, the publication, the issue
    assertThat(lines(audit))
        .containsExactly(
            prefix + " token.issue  refused: FORBIDDEN",
            prefix + " retire cargo-web/2 refused: FORBIDDEN",
            prefix + " publish cargo-web/2 ok",
            "ci-admin token.issue " + token.get("id").asText() + " ok");
  }

  @Test
  void revokedOrExpired_refusedAsAnUnknownToken() throws IOException {
    start();
    // the fake clock starts at 2026-01-01T00:00:00Z: this token expires a minute later
    JsonNode expiring =
        JSON.readTree(
            send(
                    "POST",
                    "/v1/tokens",
                    "{\"name\":\"short\",\"scope\":\"admin\",\"expires\":\"2026-01-01T00:01:00Z\"}",
                    ADMIN)
                .body());
    JsonNode revoked =
        JSON.readTree(
            send("POST", "/v1/tokens", "{\"name\":\"leaked\",\"scope\":\"admin\"}", ADMIN).body());
    int beforeRevoke = send("GET", "/v1/tokens", null, revoked.get("secret").asText()).statusCode();
    HttpResponse<String> revoke =
        send("DELETE", "/v1/tokens/" + revoked.get("id").asText(), null, ADMIN);
    int afterRevoke = send("GET", "/v1/tokens", null, revoked.get("secret").asText()).statusCode();
    int beforeExpiry =
        send("GET", "/v1/tokens", null, expiring.get("secret").asText()).statusCode();
    clock.advance(Duration.ofMinutes(1));
    HttpResponse<String> afterExpiry =
        send("GET", "/v1/tokens", null, expiring.get("secret").asText());
    String list = send("GET", "/v1/tokens", null, ADMIN).body();

    assertThat(beforeRevoke).isEqualTo(200);
    assertThat(revoke.statusCode()).as(revoke.body()).isEqualTo(200);
    assertThat(JSON.readTree(revoke.body()).get("revokedBy").asText()).isEqualTo("ci-admin");
    assertThat(afterRevoke).isEqualTo(403);
    assertThat(beforeExpiry).isEqualTo(200);
    assertThat(afterExpiry.statusCode()).isEqualTo(403);
    assertThat(afterExpiry.body()).contains("the bearer token is not valid");
    assertThat(list).contains("\"status\":\"revoked\"", "\"status\":\"expired\"");
  }

  @Test
  void badRequests_refusedWithTheirCodes_nothingStored() throws IOException {
    start();
    List<String[]> bad =
        List.of(
            new String[] {"{}", "400", "INVALID_TOKEN_REQUEST"},
            new String[] {"{\"name\":\"x\"}", "400", "INVALID_TOKEN_REQUEST"},
            new String[] {"{\"name\":\"x\",\"scope\":\"root\"}", "400", "INVALID_TOKEN_REQUEST"},
            new String[] {"{\"name\":\"\",\"scope\":\"read\"}", "400", "INVALID_TOKEN_REQUEST"},
            new String[] {
              "{\"name\":\"x\",\"scope\":\"read\",\"extra\":1}", "400", "INVALID_TOKEN_REQUEST"
            },
            new String[] {
              "{\"name\":\"x\",\"scope\":\"read\",\"expires\":\"soon\"}",
              "400",
              "INVALID_TOKEN_REQUEST"
            },
            new String[] {
              "{\"name\":\"x\",\"scope\":\"read\",\"expires\":\"2025-01-01T00:00:00Z\"}",
              "400",
              "INVALID_TOKEN_REQUEST"
            },
            new String[] {"[1]", "400", "INVALID_TOKEN_REQUEST"},
            new String[] {"{nope", "400", "MALFORMED_JSON"});
    for (String[] each : bad) {
      HttpResponse<String> answer = send("POST", "/v1/tokens", each[0], ADMIN);
      assertThat(answer.statusCode())
          .as(each[0] + ": " + answer.body())
          .isEqualTo(Integer.parseInt(each[1]));
      assertThat(JSON.readTree(answer.body()).get("code").asText()).as(each[0]).isEqualTo(each[2]);
    }
    HttpResponse<String> publisher =
        send("POST", "/v1/tokens", "{\"name\":\"x\",\"scope\":\"read\"}", PUBLISHER);
    HttpResponse<String> missing = send("DELETE", "/v1/tokens/0000000000000000", null, ADMIN);

    assertThat(publisher.statusCode()).isEqualTo(403);
    assertThat(missing.statusCode()).isEqualTo(404);
    assertThat(missing.body()).contains("TOKEN_NOT_FOUND");
    assertThat(JSON.readTree(send("GET", "/v1/tokens", null, ADMIN).body()).get("tokens"))
        .isEmpty();
  }

  @Test
  void restart_tokenStillAccepted_noSecretInTheFiles() throws IOException {
    start();
    JsonNode token =
        JSON.readTree(
            send("POST", "/v1/tokens", "{\"name\":\"ops\",\"scope\":\"read\"}", ADMIN).body());
    String secret = token.get("secret").asText();
    stop();
    start();
    HttpResponse<String> snapshot = send("GET", "/v1/registry/snapshot", null, secret);
    stop();

    assertThat(snapshot.statusCode()).as("read scope follows the registry").isEqualTo(200);
    List<byte[]> files = new ArrayList<>();
    try (Stream<Path> all = Files.walk(tempDir.resolve("data"))) {
      for (Path file : all.filter(Files::isRegularFile).toList()) {
        files.add(Files.readAllBytes(file));
      }
    }
    byte[] secretBytes = secret.getBytes(StandardCharsets.UTF_8);
    byte[] hashBytes = KeySecrets.hash(secret).getBytes(StandardCharsets.UTF_8);
    // the search finds what is there (the hash, in the journal at least), not the secret
    assertThat(files.stream().anyMatch(bytes -> contains(bytes, hashBytes))).isTrue();
    assertThat(files.stream().noneMatch(bytes -> contains(bytes, secretBytes))).isTrue();
  }

  /* ---- helpers ---- */

  private static boolean contains(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  private static List<String> lines(JsonNode entries) {
    List<String> lines = new ArrayList<>();
    for (JsonNode entry : entries) {
      lines.add(
          entry.get("actor").asText()
              + " "
              + entry.get("action").asText()
              + " "
              + entry.get("target").asText()
              + " "
              + entry.get("outcome").asText());
    }
    return lines;
  }

  private static String manifest(String body) throws IOException {
    return JSON.writeValueAsString(Map.of(DocumentHash.of(body).hex(), body));
  }

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
                                new AdminToken("ci-publisher", PUBLISHER, Scope.PUBLISH))));
    server = RegistryServer.builder(config).store(store).clock(clock).start();
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
