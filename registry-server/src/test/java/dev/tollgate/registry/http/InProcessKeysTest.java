package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.FollowedRegistry.ADMIN;
import static dev.tollgate.registry.http.FollowedRegistry.APP;
import static dev.tollgate.registry.http.FollowedRegistry.READER;
import static dev.tollgate.registry.http.FollowedRegistry.TRACK;
import static dev.tollgate.registry.http.FollowedRegistry.awaitWithin;
import static dev.tollgate.registry.http.FollowedRegistry.byId;
import static dev.tollgate.registry.http.FollowedRegistry.json;
import static dev.tollgate.registry.http.FollowedRegistry.refusalCode;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.graphqljava.TollgateGraphQL;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.keys.KeySecrets;
import dev.tollgate.registry.policy.KeyPolicy;
import graphql.ExecutionResult;
import graphql.GraphQL;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * API keys issued at runtime, in the in-process path (issue 27 item 1): the registry's snapshot
 * carries each key as the SHA-256 of its secret with its policy, expiry and rotation overlap; a
 * TollgateGraphQL following it admits a key issued on the registry within 1 s, refuses it within 1
 * s of its revocation, with the gateway's code and message for an unknown key, honours a rotation's
 * overlap and an expiry, and keeps admitting the keys of its own configuration.
 */
final class InProcessKeysTest {

  private static final String CONFIG_KEY = "web-key";
  private static final KeyPolicy WEB = KeyPolicy.newPolicy("web").apps(Set.of(APP)).build();
  private static final DocumentHash TRACK_ID = DocumentHash.of(TRACK);

  @TempDir Path dir;

  private FollowedRegistry registry;
  private int port;
  private GraphQL graphql;

  @BeforeEach
  void open() {
    registry = new FollowedRegistry(dir);
    port = registry.start(0).port();
    registry.publish(port, "1", TRACK);
    TollgateGraphQL tollgate =
        registry.opened(
            FollowedRegistry.tollgate(registry.follow(port))
                .key(CONFIG_KEY, WEB)
                .measurementFlush(Duration.ZERO)
                .build());
    graphql =
        GraphQL.newGraphQL(RegistryTestServer.cargoSchema())
            .preparsedDocumentProvider(tollgate.preparsedDocumentProvider())
            .instrumentation(tollgate.instrumentation())
            .build();
  }

  @AfterEach
  void close() throws Exception {
    registry.close();
  }

  @Test
  void issuedKey_admittedWithinOneSecond_revoked_refusedWithinOneSecond_asAnUnknownKey() {
    JsonNode issued = issue("{\"policy\":\"web\"}");
    long issuedAt = System.nanoTime();
    String secret = issued.get("secret").asText();
    awaitWithin(Duration.ofSeconds(1), () -> refusalCode(run(secret)) == null);
    assertThat(millisSince(issuedAt)).isLessThan(1000);
    // the configuration's key keeps working beside it
    assertThat(refusalCode(run(CONFIG_KEY))).isNull();

    HttpResponse<String> revoked =
        registry.delete(port, "/v1/keys/" + issued.get("id").asText(), ADMIN);
    assertThat(revoked.statusCode()).as(revoked.body()).isEqualTo(200);
    long revokedAt = System.nanoTime();
    awaitWithin(Duration.ofSeconds(1), () -> refusalCode(run(secret)) != null);
    assertThat(millisSince(revokedAt)).isLessThan(1000);

    // the same refusal as a key nobody issued: code and message
    ExecutionResult refused = run(secret);
    ExecutionResult unknown = run(KeySecrets.newSecret("zzzz9999"));
    assertThat(refusalCode(refused)).isEqualTo("UNAUTHENTICATED");
    assertThat(refused.getErrors().get(0).getMessage())
        .isEqualTo(unknown.getErrors().get(0).getMessage())
        .isEqualTo("unknown API key");
    assertThat(refusalCode(run(CONFIG_KEY))).isNull();
  }

  @Test
  void snapshot_carriesTheHashPolicyAndExpiry_neverTheSecret() {
    String expires =
        Instant.now()
            .plus(Duration.ofDays(1))
            .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
            .toString()
            .replace("Z", "+00:00");
    JsonNode issued = issue("{\"policy\":\"web\",\"expires\":\"" + expires + "\"}");
    String secret = issued.get("secret").asText();

    HttpResponse<String> snapshot = registry.get(port, "/v1/registry/snapshot", READER);

    assertThat(snapshot.statusCode()).isEqualTo(200);
    assertThat(snapshot.body()).doesNotContain(secret);
    JsonNode key = json(snapshot).get("keys").get(0);
    assertThat(key.get("id").asText()).isEqualTo(issued.get("id").asText());
    assertThat(key.get("prefix").asText()).isEqualTo(issued.get("prefix").asText());
    assertThat(key.get("policy").asText()).isEqualTo("web");
    assertThat(key.get("secretHash").asText()).isEqualTo(KeySecrets.hash(secret));
    assertThat(Instant.parse(key.get("expires").asText()))
        .isEqualTo(Instant.parse(issued.get("expires").asText()));
    assertThat(key.get("previousHash").isNull()).isTrue();
  }

  @Test
  void rotatedKey_bothSecretsWorkDuringTheOverlap_expiredKey_refused() {
    JsonNode issued = issue("{\"policy\":\"web\"}");
    String old = issued.get("secret").asText();
    HttpResponse<String> rotated =
        registry.post(
            port,
            "/v1/keys/" + issued.get("id").asText() + "/rotate",
            ADMIN,
            "{\"overlapSeconds\":600}");
    assertThat(rotated.statusCode()).as(rotated.body()).isEqualTo(201);
    String fresh = json(rotated).get("secret").asText();
    awaitWithin(Duration.ofSeconds(1), () -> refusalCode(run(fresh)) == null);
    assertThat(refusalCode(run(old))).isNull();

    // expiring 2 s from now: admitted until then, refused after, with no change on the registry
    String expires =
        Instant.now()
            .plusSeconds(2)
            .truncatedTo(java.time.temporal.ChronoUnit.MILLIS)
            .toString()
            .replace("Z", "+00:00");
    String soon =
        issue("{\"policy\":\"web\",\"expires\":\"" + expires + "\"}").get("secret").asText();
    awaitWithin(Duration.ofSeconds(1), () -> refusalCode(run(soon)) == null);
    awaitWithin(Duration.ofSeconds(4), () -> "UNAUTHENTICATED".equals(refusalCode(run(soon))));
  }

  @Test
  void keyOfAPolicyThisInstanceDoesNotKnow_refused() {
    // the registry's demo config has a partner policy; this instance knows web only
    String secret = issue("{\"policy\":\"partner\"}").get("secret").asText();
    String web = issue("{\"policy\":\"web\"}").get("secret").asText();
    awaitWithin(Duration.ofSeconds(1), () -> refusalCode(run(web)) == null);

    assertThat(refusalCode(run(secret))).isEqualTo("UNAUTHENTICATED");
  }

  private JsonNode issue(String body) {
    HttpResponse<String> response = registry.post(port, "/v1/keys", ADMIN, body);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
    return json(response);
  }

  private ExecutionResult run(String apiKey) {
    return graphql.execute(byId(TRACK_ID, apiKey));
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }
}
