package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.FollowedRegistry.ADMIN;
import static dev.tollgate.registry.http.FollowedRegistry.APP;
import static dev.tollgate.registry.http.FollowedRegistry.PUBLISHER;
import static dev.tollgate.registry.http.FollowedRegistry.READER;
import static dev.tollgate.registry.http.FollowedRegistry.TRACK;
import static dev.tollgate.registry.http.FollowedRegistry.awaitWithin;
import static dev.tollgate.registry.http.FollowedRegistry.byId;
import static dev.tollgate.registry.http.FollowedRegistry.json;
import static dev.tollgate.registry.http.FollowedRegistry.refusalCode;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.graphqljava.HttpRegistry;
import dev.tollgate.graphqljava.TollgateGraphQL;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.policy.KeyPolicy;
import graphql.GraphQL;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Usage and measurements counted in process and sent to the registry (issue 25, item 1): a
 * TollgateGraphQL following a real registry-server over HTTP flushes its counters to {@code POST
 * /v1/registry/measurements}, which adds them to the store as a gateway's own flush does, so the
 * registry's usage and calibration report count in-process requests; a flush while the registry is
 * down keeps its deltas and sends them later; a bad batch is a clear 400.
 */
final class InProcessMeasurementsTest {

  private static final String WEB_KEY = "web-key";
  private static final KeyPolicy WEB = KeyPolicy.newPolicy("web").apps(Set.of(APP)).build();
  private static final DocumentHash TRACK_ID = DocumentHash.of(TRACK);

  @TempDir Path dir;

  private FollowedRegistry registry;

  @BeforeEach
  void open() {
    registry = new FollowedRegistry(dir);
  }

  @AfterEach
  void close() throws Exception {
    registry.close();
  }

  @Test
  void inProcessRequests_flushedEveryInterval_countedInUsageAndCalibration() {
    RegistryServer server = registry.start(0);
    int port = server.port();
    registry.publish(port, "1", TRACK);
    GraphQL graphql =
        graphql(
            registry.opened(
                FollowedRegistry.tollgate(registry.follow(port))
                    .key(WEB_KEY, WEB)
                    .measurementFlush(Duration.ofMillis(100))
                    .build()));

    // N = 5: five executions of Track by id, each admitted and answered once
    for (int i = 0; i < 5; i++) {
      assertThat(refusalCode(graphql.execute(byId(TRACK_ID, WEB_KEY)))).isNull();
    }
    // one refusal (an unknown key) is not a use of the document
    assertThat(refusalCode(graphql.execute(byId(TRACK_ID, "nobody")))).isEqualTo("UNAUTHENTICATED");

    awaitWithin(Duration.ofSeconds(3), () -> requests(port) == 5);
    JsonNode operation = calibrated(port);
    assertThat(operation.get("name").asText()).isEqualTo("Track");
    assertThat(operation.get("count").asLong()).isEqualTo(5);
    // Track's price: cargo 1 + trackingId 1 + origin (1 + code 1) = 4, the same each time
    assertThat(operation.get("estimated").get("max").asLong()).isEqualTo(4);
  }

  @Test
  void registryDownDuringFlush_deltasKept_sentWhenItIsBack() throws Exception {
    RegistryServer server = registry.start(0);
    int port = server.port();
    registry.publish(port, "1", TRACK);
    HttpRegistry follower = registry.follow(port);
    // flushed by hand only: an hour between the flushes of the thread
    TollgateGraphQL tollgate =
        registry.opened(
            FollowedRegistry.tollgate(follower)
                .key(WEB_KEY, WEB)
                .measurementFlush(Duration.ofHours(1))
                .build());
    GraphQL graphql = graphql(tollgate);

    for (int i = 0; i < 3; i++) {
      assertThat(refusalCode(graphql.execute(byId(TRACK_ID, WEB_KEY)))).isNull();
    }
    server.close();
    assertThat(tollgate.flushMeasurements()).isFalse();
    for (int i = 0; i < 2; i++) {
      assertThat(refusalCode(graphql.execute(byId(TRACK_ID, WEB_KEY)))).isNull();
    }
    assertThat(tollgate.flushMeasurements()).isFalse();

    registry.start(port);
    assertThat(tollgate.flushMeasurements()).isTrue();
    // 3 kept through two failed flushes, merged with the 2 counted meanwhile, sent once
    assertThat(requests(port)).isEqualTo(5);
    assertThat(calibrated(port).get("count").asLong()).isEqualTo(5);
    // nothing more to send: the registry's count does not move
    assertThat(tollgate.flushMeasurements()).isTrue();
    assertThat(requests(port)).isEqualTo(5);
  }

  @Test
  void measurementsRoute_readTokenWrites_badBodiesAreClear400s() {
    int port = registry.start(0).port();
    registry.publish(port, "1", TRACK);
    String id = TRACK_ID.hex();
    String usage =
        "{\"buckets\":[],\"maxima\":[],\"usage\":[{\"documentId\":\""
            + id
            + "\",\"operation\":\"Track\",\"requests\":2,\"lastSeen\":\"2026-11-29T12:00:00Z\"}]}";

    HttpResponse<String> recorded = registry.post(port, "/v1/registry/measurements", READER, usage);
    assertThat(recorded.statusCode()).as(recorded.body()).isEqualTo(200);
    assertThat(recorded.body()).isEqualTo("{\"buckets\":0,\"maxima\":0,\"usage\":1}");

    HttpResponse<String> publisher =
        registry.post(port, "/v1/registry/measurements", PUBLISHER, usage);
    assertThat(publisher.statusCode()).isEqualTo(403);
    assertThat(registry.post(port, "/v1/registry/measurements", null, usage).statusCode())
        .isEqualTo(401);

    assertRefused(port, "{\"buckets\":[", "MALFORMED_JSON", "measurement batch is not valid JSON");
    assertRefused(
        port,
        "{\"buckets\":[],\"maxima\":[],\"usage\":[],\"extra\":1}",
        "BAD_REQUEST",
        "measurement batch: the body has an unknown field \"extra\"; known: buckets, maxima, usage");
    assertRefused(
        port,
        "{\"buckets\":[{\"kind\":\"field\",\"subject\":\"Query.cargos\",\"measure\":\"observed\","
            + "\"bucket\":3,\"count\":0}],\"maxima\":[],\"usage\":[]}",
        "BAD_REQUEST",
        "measurement batch: buckets[0].count must be between 1 and 9223372036854775807, got 0");
    assertRefused(
        port,
        "{\"buckets\":[{\"kind\":\"query\",\"subject\":\"x\",\"measure\":\"observed\",\"bucket\":3,"
            + "\"count\":1}],\"maxima\":[],\"usage\":[]}",
        "BAD_REQUEST",
        "measurement batch: buckets[0].kind must be field or operation, got \"query\"");
    assertRefused(
        port,
        usage.replace(id, "abc"),
        "BAD_REQUEST",
        "measurement batch: usage[0].documentId must be 64 lowercase hex digits, got \"abc\"");
    assertRefused(
        port,
        usage.replace("2026-11-29T12:00:00Z", "yesterday"),
        "BAD_REQUEST",
        "measurement batch: usage[0].lastSeen must be an ISO-8601 instant, got \"yesterday\"");
    // only the first, valid batch was stored: its 2 requests
    assertThat(requests(port)).isEqualTo(2);
  }

  private void assertRefused(int port, String body, String code, String message) {
    HttpResponse<String> response = registry.post(port, "/v1/registry/measurements", READER, body);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
    JsonNode error = json(response);
    assertThat(error.get("code").asText()).isEqualTo(code);
    assertThat(error.get("message").asText()).startsWith(message);
  }

  /** The requests of Track in version 1, as the registry's version route counts them. */
  private long requests(int port) {
    HttpResponse<String> version = registry.get(port, "/v1/apps/" + APP + "/versions/1", ADMIN);
    assertThat(version.statusCode()).as(version.body()).isEqualTo(200);
    long sum = 0;
    for (JsonNode requests : json(version).findValues("requests")) {
      sum += requests.asLong();
    }
    return sum;
  }

  /** Track's entry in the registry's calibration report. */
  private JsonNode calibrated(int port) {
    HttpResponse<String> report = registry.get(port, "/v1/calibration", ADMIN);
    assertThat(report.statusCode()).as(report.body()).isEqualTo(200);
    for (JsonNode operation : json(report).get("operations")) {
      if (operation.get("id").asText().equals(TRACK_ID.hex())) {
        return operation;
      }
    }
    throw new AssertionError("Track is not in the calibration report: " + report.body());
  }

  private static GraphQL graphql(TollgateGraphQL tollgate) {
    return GraphQL.newGraphQL(RegistryTestServer.cargoSchema())
        .preparsedDocumentProvider(tollgate.preparsedDocumentProvider())
        .instrumentation(tollgate.instrumentation())
        .build();
  }
}
