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
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.StoreSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit trail (issue 27) on a real server over an H2 store with a fake clock: every change of
 * the admin API is an entry with its actor, action, target, time and outcome, refusals included
 * (403 scope, 409, 422, 400), dry runs and unauthenticated attempts not; {@code GET /v1/audit}
 * filters and pages newest first and refuses bad parameters naming them; no secret is recorded.
 */
final class AuditRoutesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ADMIN = "admin-secret";
  private static final String PUBLISHER = "publish-secret";

  /** The fake clock's start. */
  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

  @TempDir Path tempDir;

  private final FakeClock clock = new FakeClock();
  private final HttpClient client = HttpClient.newHttpClient();
  private @Nullable RegistryStore store;
  private @Nullable RegistryServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    if (store != null) {
      store.close();
    }
  }

  @Test
  void changes_recordedWithActorAndOutcome_refusalsIncluded() throws IOException {
    start();
    String manifest = manifest("query Late { cargos(first: 3) { edges { node { id } } } }");
    send("POST", "/v1/apps/cargo-web/versions/2?dryRun=true", manifest, PUBLISHER); // not a change
    send("POST", "/v1/apps/cargo-web/versions/2", manifest, PUBLISHER);
    clock.advance(Duration.ofSeconds(1));
    send("DELETE", "/v1/apps/cargo-web/versions/2", null, PUBLISHER); // 403: publish scope
    send("POST", "/v1/apps/cargo-web/versions/2", manifest("query B { __typename }"), ADMIN); // 409
    send("POST", "/v1/apps/cargo-web/versions/3", manifest("query C { nope }"), ADMIN); // 422
    send("DELETE", "/v1/apps/cargo-web/versions/2", null, ADMIN);
    send("DELETE", "/v1/apps/cargo-web/versions/2", null, null); // 401: no actor, not recorded
    send("DELETE", "/v1/apps/cargo-web/versions/2", null, "who-knows"); // 403 unknown: not either
    String issued = send("POST", "/v1/keys", "{\"policy\":\"web\"}", ADMIN).body();
    JsonNode key = JSON.readTree(issued);

    JsonNode entries = JSON.readTree(send("GET", "/v1/audit", null, ADMIN).body()).get("entries");

    // newest first: the key, the retirement, the 422, the 409, the 403, the publication
    assertThat(lines(entries))
        .containsExactly(
            "ci-admin key.issue " + key.get("id").asText() + " ok",
            "ci-admin retire cargo-web/2 ok",
            "ci-admin publish cargo-web/3 refused: INVALID_OPERATIONS",
            "ci-admin publish cargo-web/2 refused: VERSION_CONFLICT",
            "ci-publisher retire cargo-web/2 refused: FORBIDDEN",
            "ci-publisher publish cargo-web/2 ok");
    assertThat(entries.get(4).get("reason").asText()).contains("needs admin");
    assertThat(entries.get(0).get("reason").isNull()).isTrue();
    // the publication at the fake clock's start, the rest one second later
    assertThat(entries.get(5).get("at").asText()).isEqualTo(START.toString());
    assertThat(entries.get(4).get("at").asText()).isEqualTo(START.plusSeconds(1).toString());
    assertThat(send("GET", "/v1/audit", null, ADMIN).body())
        .doesNotContain(key.get("secret").asText())
        .doesNotContain(ADMIN)
        .doesNotContain(PUBLISHER);
  }

  @Test
  void audit_filtersAndPages_newestFirst() throws IOException {
    start();
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      ids.add(
          JSON.readTree(send("POST", "/v1/keys", "{\"policy\":\"web\"}", ADMIN).body())
              .get("id")
              .asText());
      clock.advance(Duration.ofSeconds(10));
    }
    send("DELETE", "/v1/keys/" + ids.get(0), null, ADMIN);

    JsonNode first =
        JSON.readTree(send("GET", "/v1/audit?action=key.issue&limit=2", null, ADMIN).body());
    JsonNode second =
        JSON.readTree(
            send(
                    "GET",
                    "/v1/audit?action=key.issue&limit=2&cursor=" + first.get("nextCursor").asText(),
                    null,
                    ADMIN)
                .body());
    JsonNode third =
        JSON.readTree(
            send(
                    "GET",
                    "/v1/audit?action=key.issue&limit=2&cursor="
                        + second.get("nextCursor").asText(),
                    null,
                    ADMIN)
                .body());
    // keys issued at START + 0, 10, 20, 30, 40 s: since 10 s and until 30 s keep the 2nd and 3rd
    String window =
        "since="
            + encode(START.plusSeconds(10).toString())
            + "&until="
            + encode(START.plusSeconds(30).toString());
    JsonNode timed =
        JSON.readTree(send("GET", "/v1/audit?action=key.issue&" + window, null, ADMIN).body());
    JsonNode byActor = JSON.readTree(send("GET", "/v1/audit?actor=nobody", null, ADMIN).body());

    // 5 issues in pages of 2: 2, 2, then 1 without a next cursor
    assertThat(targets(first)).containsExactly(ids.get(4), ids.get(3));
    assertThat(targets(second)).containsExactly(ids.get(2), ids.get(1));
    assertThat(targets(third)).containsExactly(ids.get(0));
    assertThat(third.get("nextCursor").isNull()).isTrue();
    assertThat(targets(timed)).containsExactly(ids.get(2), ids.get(1));
    assertThat(byActor.get("entries")).isEmpty();
  }

  @Test
  void audit_badParameters_400NamingThem_andAdminOnly() throws IOException {
    start();
    List<String[]> bad =
        List.of(
            new String[] {"limit=0", "limit"},
            new String[] {"limit=501", "limit"},
            new String[] {"limit=ten", "limit"},
            new String[] {"cursor=-3", "cursor"},
            new String[] {"since=yesterday", "since"},
            new String[] {"until=2026-01-01T00:00:00", "until"},
            new String[] {"since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z", "until"},
            new String[] {"actor=a&actor=b", "actor"},
            new String[] {"kind=publish", "kind"},
            new String[] {"action=", "action"});
    for (String[] each : bad) {
      HttpResponse<String> answer = send("GET", "/v1/audit?" + each[0], null, ADMIN);
      JsonNode error = JSON.readTree(answer.body());
      assertThat(answer.statusCode()).as(each[0]).isEqualTo(400);
      assertThat(error.get("code").asText()).as(each[0]).isEqualTo("INVALID_PARAMETER");
      assertThat(error.get("extensions").get("parameter").asText()).as(each[0]).isEqualTo(each[1]);
      assertThat(error.get("message").asText()).as(each[0]).contains(each[1]);
    }
    assertThat(send("GET", "/v1/audit", null, PUBLISHER).statusCode()).isEqualTo(403);
    assertThat(send("GET", "/v1/audit", null, null).statusCode()).isEqualTo(401);
  }

  /* ---- helpers ---- */

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

  private static List<String> targets(JsonNode page) {
    List<String> targets = new ArrayList<>();
    page.get("entries").forEach(entry -> targets.add(entry.get("target").asText()));
    return targets;
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  /** A manifest {@code {id: body}} of one document. */
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
