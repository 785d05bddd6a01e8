package dev.tollgate.registry.issues;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27: a key change answered by the registry survives kill -9 of the embedded (H2) store, as a
 * publication does ({@link KillDuringPublishTest}): a key issued, then the process killed, is
 * admitted after the restart; revoked, then killed, it stays refused. The child is a real server
 * process on its own data folder, killed with SIGKILL right after each answer.
 */
final class KeysKilledTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ADMIN = "admin-killed";
  private static final String CONFIG =
      "{\"adminTokens\": [{\"name\": \"ops\", \"token\": \""
          + ADMIN
          + "\", \"scope\": \"admin\"}],"
          + " \"policies\": {\"partner\": {\"mode\": \"open\"}}}";

  @TempDir Path dir;

  @Test
  void issueThenKill_admitted_revokeThenKill_refused() throws Exception {
    Files.createDirectories(dir);
    String id;
    String secret;
    ChildServer first = ChildServer.start(dir, List.of(), CONFIG);
    try {
      HttpResponse<String> issued =
          first.send(
              admin(first, "/v1/keys")
                  .POST(HttpRequest.BodyPublishers.ofString("{\"policy\":\"partner\"}"))
                  .build());
      assertThat(issued.statusCode()).as(issued.body()).isEqualTo(201);
      JsonNode key = JSON.readTree(issued.body());
      id = key.get("id").asText();
      secret = key.get("secret").asText();
    } finally {
      first.kill();
    }

    ChildServer second = ChildServer.start(dir, List.of(), CONFIG);
    int afterIssue;
    try {
      afterIssue = graphql(second, secret).statusCode();
      HttpResponse<String> revoked = second.send(admin(second, "/v1/keys/" + id).DELETE().build());
      assertThat(revoked.statusCode()).as(revoked.body()).isEqualTo(200);
    } finally {
      second.kill();
    }

    try (ChildServer third = ChildServer.start(dir, List.of(), CONFIG)) {
      HttpResponse<String> afterRevoke = graphql(third, secret);

      assertThat(afterIssue).as("issued, killed, restarted").isEqualTo(200);
      assertThat(afterRevoke.statusCode()).as("revoked, killed, restarted").isEqualTo(401);
      // each start after a kill (same boot) opened the H2 file as the kill left it and replayed
      // what it lacked, so no file was set aside for a rebuild from the journal
      try (var files = Files.list(dir.resolve("data"))) {
        assertThat(files.filter(f -> f.getFileName().toString().startsWith("registry.mv.db.")))
            .isEmpty();
      }
    }
  }

  private static HttpRequest.Builder admin(ChildServer server, String path) {
    return HttpRequest.newBuilder(server.uri(path)).header("Authorization", "Bearer " + ADMIN);
  }

  /** An open policy's text query, which the bundled demo upstream answers. */
  private static HttpResponse<String> graphql(ChildServer server, String key) throws Exception {
    return server.send(
        HttpRequest.newBuilder(server.uri("/graphql?query=%7B__typename%7D"))
            .header("X-API-Key", key)
            .header("Accept", "application/graphql-response+json")
            .GET()
            .build());
  }
}
