package dev.tollgate.registry.issues;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27: the audit trail and the admin tokens issued at runtime survive kill -9 of the embedded
 * (H2) store, as keys do ({@link KeysKilledTest}): a token issued, a publication made with it and a
 * refused attempt, then the process killed, are all there after the restart (each entry once, the
 * token still accepted); the token revoked, then killed, stays refused and its revocation is the
 * newest entry. The child is a real server process on its own data folder, killed with SIGKILL
 * right after each answer.
 */
final class AuditKilledTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ADMIN = "admin-killed";
  private static final String CONFIG =
      "{\"adminTokens\": [{\"name\": \"ops\", \"token\": \""
          + ADMIN
          + "\", \"scope\": \"admin\"}],"
          + " \"policies\": {\"partner\": {\"mode\": \"open\"}}}";
  // the SHA-256 of "query A { __typename }" (sha256sum), the manifest's one document
  private static final String MANIFEST =
      "{\"aed34f3aa3d67f4038584ed674dc16bc23504d6d65653dc605dd306aeb1fd56d\":"
          + " \"query A { __typename }\"}";

  @TempDir Path dir;

  @Test
  void changesThenKill_auditedOnce_tokenKept_revokeThenKill_refused() throws Exception {
    Files.createDirectories(dir);
    String id;
    String secret;
    String prefix;
    ChildServer first = ChildServer.start(dir, List.of(), CONFIG);
    try {
      HttpResponse<String> issued =
          first.send(
              request(first, "/v1/tokens", ADMIN)
                  .POST(
                      HttpRequest.BodyPublishers.ofString("{\"name\":\"ci\",\"scope\":\"admin\"}"))
                  .build());
      assertThat(issued.statusCode()).as(issued.body()).isEqualTo(201);
      JsonNode token = JSON.readTree(issued.body());
      id = token.get("id").asText();
      secret = token.get("secret").asText();
      prefix = token.get("prefix").asText();
      HttpResponse<String> published =
          first.send(
              request(first, "/v1/apps/shop/versions/1", secret)
                  .POST(HttpRequest.BodyPublishers.ofString(MANIFEST))
                  .build());
      assertThat(published.statusCode()).as(published.body()).isEqualTo(201);
      HttpResponse<String> refused =
          first.send(request(first, "/v1/apps/shop/versions/9", secret).DELETE().build());
      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(404);
    } finally {
      first.kill();
    }

    ChildServer second = ChildServer.start(dir, List.of(), CONFIG);
    List<String> afterFirstKill;
    int tokenAfterKill;
    try {
      afterFirstKill = audit(second);
      tokenAfterKill =
          second.send(request(second, "/v1/tokens", secret).GET().build()).statusCode();
      HttpResponse<String> revoked =
          second.send(request(second, "/v1/tokens/" + id, ADMIN).DELETE().build());
      assertThat(revoked.statusCode()).as(revoked.body()).isEqualTo(200);
    } finally {
      second.kill();
    }

    try (ChildServer third = ChildServer.start(dir, List.of(), CONFIG)) {
      List<String> afterSecondKill = audit(third);
      int tokenAfterRevoke =
          third.send(request(third, "/v1/tokens", secret).GET().build()).statusCode();

      // newest first: the refused retirement, the publication, the issue; each once, though the
      // start after the kill rebuilt the tables from the journal
      assertThat(afterFirstKill).hasSize(3);
      assertThat(afterFirstKill.get(0)).isEqualTo(prefix + " retire refused: VERSION_NOT_FOUND");
      assertThat(afterFirstKill.get(1)).isEqualTo(prefix + " publish ok");
      assertThat(afterFirstKill.get(2)).isEqualTo("ops token.issue ok");
      assertThat(tokenAfterKill).as("issued, killed, restarted").isEqualTo(200);
      assertThat(afterSecondKill).hasSize(4);
      assertThat(afterSecondKill.get(0)).isEqualTo("ops token.revoke ok");
      assertThat(afterSecondKill.subList(1, 4)).isEqualTo(afterFirstKill);
      assertThat(tokenAfterRevoke).as("revoked, killed, restarted").isEqualTo(403);
    }
  }

  private static List<String> audit(ChildServer server) throws Exception {
    HttpResponse<String> answer = server.send(request(server, "/v1/audit", ADMIN).GET().build());
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    List<String> lines = new ArrayList<>();
    for (JsonNode entry : JSON.readTree(answer.body()).get("entries")) {
      lines.add(
          entry.get("actor").asText()
              + " "
              + entry.get("action").asText()
              + " "
              + entry.get("outcome").asText());
    }
    return lines;
  }

  private static HttpRequest.Builder request(ChildServer server, String path, String token) {
    return HttpRequest.newBuilder(server.uri(path)).header("Authorization", "Bearer " + token);
  }
}
