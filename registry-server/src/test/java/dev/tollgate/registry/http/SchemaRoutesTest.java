package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.http.RegistryTestServer.Response;
import dev.tollgate.registry.store.TestDatabase;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Schema versions over real HTTP and the real store: the impact report of a schema change with
 * hand-derived prices, activation (refused, forced), the gateway charging each schema's prices, a
 * rollback, a restart, and refusals of bad schemas that store nothing.
 *
 * <p>The registry holds app {@code cargo-web} version 1 (the demo keys' app) with five operations,
 * priced by the book model on the demo cargo schema (every field weighs 1 and multiplies its
 * children by 1, except the paginated {@code cargos} and {@code handlingHistory}: by {@code first},
 * else {@code assumedSize: 10}). The new schema changes {@code Query.cargos}'s {@code assumedSize}
 * from 10 to 40, removes {@code Delivery.eta}, and adds {@code @cost(weight: 0)} to {@code
 * Cargo.itinerary}:
 *
 * <pre>
 * Cargos  cargos(first: $n) { edges { node { trackingId } } }, $n absent
 *         node = 1 + 1 = 2; edges = 1 + 2 = 3
 *         old 1 + 10 × 3 = 31            new 1 + 40 × 3 = 121            dearer
 * Track   cargo(..) { trackingId delivery { eta } }
 *         old 1 + (1 + (1 + 1)) = 4      new: Delivery has no eta        broken
 * Legs    cargo(..) { itinerary { legs { voyageNumber } } }
 *         old 1 + (1 + (1 + 1)) = 4      new 1 + (0 + (1 + 1)) = 3        cheaper
 * Ids     cargo(..) { id }
 *         old 1 + 1 = 2                  new 2                           unchanged
 * Deep    cargos { edges { node { handlingHistory { edges { node { id } } } } } }
 *         node = 1 + 1 = 2; edges = 3; handlingHistory = 1 + 10 × 3 = 31;
 *         Cargo = 1 + 31 = 32; edges = 33
 *         old 1 + 10 × 33 = 331          new 1 + 40 × 33 = 1321 > 1000   over-limit
 * </pre>
 *
 * (every policy that may run {@code cargo-web}, web-demo, partner-demo and anonymous, has the
 * book's cost limit of 1000).
 */
final class SchemaRoutesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String APP_PATH = "/v1/apps/cargo-web/versions/";
  private static final String CARGOS =
      "query Cargos($n: Int) { cargos(first: $n) { edges { node { trackingId } } } }";
  private static final String TRACK =
      "query Track { cargo(trackingId: \"ABC123\") { trackingId delivery { eta } } }";
  private static final String LEGS =
      "query Legs { cargo(trackingId: \"ABC123\") { itinerary { legs { voyageNumber } } } }";
  private static final String IDS = "query Ids { cargo(trackingId: \"ABC123\") { id } }";
  private static final String DEEP =
      "query Deep { cargos { edges { node { handlingHistory { edges { node { id } } } } } } }";

  /** Published after the switch: edges = 1 + 1 = 2; new 1 + 40 × 2 = 81, old 1 + 10 × 2 = 21. */
  private static final String CURSORS = "query Cursors { cargos { edges { cursor } } }";

  private static final Pattern UPSTREAM_TOTAL =
      Pattern.compile("(?m)^tollgate_upstream_requests_total (\\d+)");

  @TempDir Path tempDir;

  private RegistryTestServer server;
  private TestDatabase database;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    if (database != null) {
      database.close();
    }
  }

  /* ---- the impact report ---- */

  @Test
  void dryRun_listSizeRemovedFieldAndCost_handDerivedReportAndNothingStored() throws Exception {
    start(TestDatabase.h2(tempDir));
    publishVersion1();

    Response response = server.post("/v1/schemas?dryRun=true", changedSchema(), ADMIN);

    assertThat(response.status()).as(response.body()).isEqualTo(200);
    JsonNode report = JSON.readTree(response.body());
    assertThat(report.get("dryRun").asBoolean()).isTrue();
    assertThat(report.get("stored").asBoolean()).isFalse();
    Map<String, JsonNode> byName = byName(report.get("operations"));
    assertImpact(byName.get("Cargos"), 31, 121L, "dearer");
    assertImpact(byName.get("Track"), 4, null, "broken");
    assertImpact(byName.get("Legs"), 4, 3L, "cheaper");
    assertImpact(byName.get("Ids"), 2, 2L, "unchanged");
    assertImpact(byName.get("Deep"), 331, 1321L, "over-limit");
    assertThat(byName.get("Cargos").get("oldPrice").asText())
        .isEqualTo("min(429496, ($n ?? 10) × 3 + 1)");
    assertThat(byName.get("Cargos").get("newPrice").asText())
        .isEqualTo("min(429496, ($n ?? 40) × 3 + 1)");
    assertThat(byName.get("Track").get("errors").get(0).asText()).contains("eta");
    assertThat(byName.get("Track").get("app").asText()).isEqualTo("cargo-web");
    assertThat(byName.get("Track").get("version").asText()).isEqualTo("1");
    assertThat(byName.get("Track").get("id").asText()).isEqualTo(DocumentHash.of(TRACK).hex());
    assertThat(report.get("summary").toString())
        .isEqualTo("{\"unchanged\":1,\"cheaper\":1,\"dearer\":1,\"broken\":1,\"over-limit\":1}");
    JsonNode schemas = JSON.readTree(server.get("/v1/schemas", ADMIN).body());
    assertThat(schemas.get("schemas")).hasSize(1);
  }

  /* ---- the SDL diff ---- */

  @Test
  void diff_activeToChanged_theThreeChangedLinesInThreeHunks() throws Exception {
    start(TestDatabase.h2(tempDir));
    String original = active();
    Response published = server.post("/v1/schemas", changedSchema(), ADMIN);
    String changed = JSON.readTree(published.body()).get("fingerprint").asText();

    Response response = server.get("/v1/schemas/" + original + "/diff/" + changed, ADMIN);

    assertThat(response.status()).as(response.body()).isEqualTo(200);
    JsonNode diff = JSON.readTree(response.body());
    // cargo.graphqls: line 27 (cargos' assumedSize 10 -> 40) and line 55 (itinerary gains
    // @cost(weight: 0)) are replaced, line 85 (eta) is removed: 2 added, 3 removed; each change is
    // more than 2 x 3 context lines from the next, so three hunks
    assertThat(diff.get("from").asText()).isEqualTo(original);
    assertThat(diff.get("to").asText()).isEqualTo(changed);
    assertThat(diff.get("added").asInt()).isEqualTo(2);
    assertThat(diff.get("removed").asInt()).isEqualTo(3);
    assertThat(diff.get("hunks")).hasSize(3);
    // the first hunk: lines 24..26, the removed 27, the added 27, lines 28..30
    JsonNode first = diff.at("/hunks/0/lines");
    assertThat(first).hasSize(8);
    assertThat(first.get(0).toString())
        .isEqualTo("{\"kind\":\"context\",\"text\":\"type Query {\",\"from\":24,\"to\":24}");
    assertThat(first.get(3).get("kind").asText()).isEqualTo("removed");
    assertThat(first.get(3).get("text").asText()).endsWith("assumedSize: 10)");
    assertThat(first.get(3).get("from").asInt()).isEqualTo(27);
    assertThat(first.get(4).get("kind").asText()).isEqualTo("added");
    assertThat(first.get(4).get("text").asText()).endsWith("assumedSize: 40)");
    assertThat(first.get(4).get("to").asInt()).isEqualTo(27);
    JsonNode eta = diff.at("/hunks/2/lines/3");
    assertThat(eta.toString())
        .isEqualTo("{\"kind\":\"removed\",\"text\":\"  eta: DateTime\",\"from\":85,\"to\":0}");
  }

  @Test
  void diff_unknownFingerprint_404NamingIt() throws Exception {
    start(TestDatabase.h2(tempDir));
    String unknown = "0".repeat(64);

    Response response = server.get("/v1/schemas/" + active() + "/diff/" + unknown, ADMIN);

    assertThat(response.status()).as(response.body()).isEqualTo(404);
    JsonNode error = JSON.readTree(response.body());
    assertThat(error.get("code").asText()).isEqualTo("SCHEMA_NOT_FOUND");
    assertThat(error.get("message").asText()).contains(unknown);
  }

  /* ---- activation ---- */

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void activate_thenRollback_gatewayChargesEachSchemasPricesAndRestartKeepsTheActive(
      TestDatabase.Kind kind) throws Exception {
    start(TestDatabase.create(kind, tempDir));
    publishVersion1();
    String original = active();

    Response published = server.post("/v1/schemas", changedSchema(), ADMIN);
    String changed = JSON.readTree(published.body()).get("fingerprint").asText();
    Response refused = server.post("/v1/schemas/" + changed + "/activate", "", ADMIN);
    Response forced = server.post("/v1/schemas/" + changed + "/activate?force=true", "", ADMIN);

    assertThat(published.status()).as(published.body()).isEqualTo(201);
    assertThat(refused.status()).as(refused.body()).isEqualTo(409);
    JsonNode conflict = JSON.readTree(refused.body());
    assertThat(conflict.get("code").asText()).isEqualTo("SCHEMA_BREAKS_OPERATIONS");
    assertThat(conflict.at("/extensions/operations/0/name").asText()).isEqualTo("Track");
    assertThat(forced.status()).as(forced.body()).isEqualTo(200);
    // every price was stored with the publication: the activation computed none
    assertThat(JSON.readTree(forced.body()).get("repriced").asInt()).isZero();
    assertThat(active()).isEqualTo(changed);

    assertThat(charged(CARGOS)).isEqualTo(121);
    long upstreamBefore = upstreamCalls();
    JsonNode broken = run(TRACK, 400);
    assertThat(broken.at("/errors/0/extensions/code").asText())
        .isEqualTo("OPERATION_INVALID_FOR_SCHEMA");
    assertThat(upstreamCalls()).isEqualTo(upstreamBefore);
    assertThat(run(DEEP, 400).at("/errors/0/extensions/code").asText())
        .isEqualTo("COST_ESTIMATED_TOO_EXPENSIVE");
    Response late = server.post(APP_PATH + "2", manifest(CURSORS), ADMIN);
    assertThat(JSON.readTree(late.body()).at("/operations/0/cost").asLong()).isEqualTo(81);

    Response rollback = server.post("/v1/schemas/" + original + "/activate", "", ADMIN);
    assertThat(rollback.status()).as(rollback.body()).isEqualTo(200);
    // only Cursors, registered under the new schema, needed a price under the original
    assertThat(JSON.readTree(rollback.body()).get("repriced").asInt()).isEqualTo(1);
    assertThat(charged(CARGOS)).isEqualTo(31);
    assertThat(charged(CURSORS)).isEqualTo(21);
    assertThat(run(TRACK, 200).at("/data/cargo/trackingId").asText()).isEqualTo("ABC123");

    server.post("/v1/schemas/" + changed + "/activate?force=true", "", ADMIN);
    server.close();
    server = RegistryTestServer.start(database);
    assertThat(active()).isEqualTo(changed);
    assertThat(charged(CARGOS)).isEqualTo(121);
  }

  /* ---- bad input ---- */

  @Test
  void publish_badSchemas_422NamingTheProblemAndNothingStored() throws Exception {
    start(TestDatabase.h2(tempDir));
    String sdl = RegistryTestServer.CARGO_SCHEMA;

    assertInvalid(server.post("/v1/schemas", "type Query { a: Int", ADMIN), "Invalid syntax");
    assertInvalid(
        server.post(
            "/v1/schemas",
            sdl.replace(
                "@listSize(slicingArguments: [\"ids\"])", "@listSize(slicingArguments: [\"idz\"])"),
            ADMIN),
        "Query.nodes: @listSize(slicingArguments:) names 'idz', but Query.nodes has no argument 'idz'");
    assertInvalid(
        server.post(
            "/v1/schemas",
            sdl.replace("  itinerary: Itinerary\n", "  itinerary: Itinerary @cost(weight: -2)\n"),
            ADMIN),
        "Cargo.itinerary: @cost(weight:) is negative: -2");
    assertInvalid(
        server.post(
            "/v1/schemas",
            sdl.replace("directive @cost(weight: Int!)", "directive @cost(weight: Int!, per: Int)"),
            ADMIN),
        "@cost(per:): unknown argument of a price directive");
    assertInvalid(
        server.post(
            "/v1/schemas",
            sdl.replace("  itinerary: Itinerary\n", "  itinerary: Itinerary @costs(weight: 2)\n"),
            ADMIN),
        "costs");
    Response unknownKey =
        server.post("/v1/schemas", "{\"sdl\": \"x\", \"modle\": \"book\"}", ADMIN);
    Response tooLarge =
        server.post(
            "/v1/schemas", sdl + "#".repeat((int) RegistryTestServer.MAX_BODY_BYTES), ADMIN);
    Response publisherToken = server.post("/v1/schemas", sdl, RegistryTestServer.PUBLISHER);

    assertThat(unknownKey.status()).as(unknownKey.body()).isEqualTo(400);
    assertThat(unknownKey.body()).contains("modle");
    assertThat(tooLarge.status()).isEqualTo(413);
    assertThat(publisherToken.status()).isEqualTo(403);
    JsonNode schemas = JSON.readTree(server.get("/v1/schemas", ADMIN).body());
    assertThat(schemas.get("schemas")).hasSize(1);
    assertThat(server.store.latestChangeId()).isEqualTo(2); // the start's publish and activate
  }

  @Test
  void publish_sameSchemaTwice_idempotentAndListed() throws Exception {
    start(TestDatabase.h2(tempDir));
    String json =
        JSON.writeValueAsString(Map.of("sdl", RegistryTestServer.CARGO_SCHEMA, "model", "apollo"));

    Response first = server.post("/v1/schemas", json, ADMIN);
    Response second = server.post("/v1/schemas", json, ADMIN);

    assertThat(first.status()).as(first.body()).isEqualTo(201);
    assertThat(second.status()).as(second.body()).isEqualTo(200);
    String fingerprint = JSON.readTree(first.body()).get("fingerprint").asText();
    assertThat(JSON.readTree(second.body()).get("fingerprint").asText()).isEqualTo(fingerprint);
    // same SDL, another model: another fingerprint than the active (book) one
    assertThat(fingerprint).isNotEqualTo(active());
    JsonNode one = JSON.readTree(server.get("/v1/schemas/" + fingerprint, ADMIN).body());
    assertThat(one.get("model").asText()).isEqualTo("apollo");
    assertThat(one.get("fragmentSpreads").asText()).isEqualTo("each");
    assertThat(one.get("publishedBy").asText()).isEqualTo("ci-admin");
    assertThat(one.get("active").asBoolean()).isFalse();
    assertThat(JSON.readTree(server.get("/v1/schemas", ADMIN).body()).get("schemas")).hasSize(2);
    assertThat(server.get("/v1/schemas/" + "0".repeat(64), ADMIN).status()).isEqualTo(404);
  }

  /* ---- helpers ---- */

  private static final String ADMIN = RegistryTestServer.ADMIN;

  private void start(TestDatabase database) {
    this.database = database;
    this.server = RegistryTestServer.start(database);
  }

  private void publishVersion1() throws Exception {
    Response response =
        server.post(APP_PATH + "1", manifest(CARGOS, TRACK, LEGS, IDS, DEEP), ADMIN);
    assertThat(response.status()).as(response.body()).isEqualTo(201);
  }

  private static String changedSchema() {
    String sdl = RegistryTestServer.CARGO_SCHEMA;
    String changed =
        sdl.replace(
                "@listSize(slicingArguments: [\"first\", \"last\"], assumedSize: 10)\n  cargo(",
                "@listSize(slicingArguments: [\"first\", \"last\"], assumedSize: 40)\n  cargo(")
            .replace("  eta: DateTime\n", "")
            .replace("  itinerary: Itinerary\n", "  itinerary: Itinerary @cost(weight: 0)\n");
    assertThat(changed).isNotEqualTo(sdl);
    assertThat(changed).contains("assumedSize: 40").doesNotContain("eta:");
    return changed;
  }

  private String active() throws Exception {
    return JSON.readTree(server.get("/v1/schemas", ADMIN).body()).get("active").asText();
  }

  private long charged(String body) throws Exception {
    return run(body, 200).at("/extensions/cost/estimated").asLong();
  }

  private JsonNode run(String body, int status) throws Exception {
    Response response =
        server.send(
            server
                .request("/graphql", null)
                .header("X-API-Key", "web-demo")
                .header("Content-Type", "application/json")
                .header("Accept", "application/graphql-response+json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        JSON.writeValueAsString(
                            Map.of("documentId", DocumentHash.of(body).hex())))));
    assertThat(response.status()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  private long upstreamCalls() {
    Matcher matcher = UPSTREAM_TOTAL.matcher(server.get("/metrics", null).body());
    return matcher.find() ? (long) Double.parseDouble(matcher.group(1)) : 0;
  }

  private static String manifest(String... bodies) throws Exception {
    Map<String, String> map = new LinkedHashMap<>();
    for (String body : bodies) {
      map.put(DocumentHash.of(body).hex(), body);
    }
    return JSON.writeValueAsString(map);
  }

  private static Map<String, JsonNode> byName(JsonNode operations) {
    Map<String, JsonNode> byName = new LinkedHashMap<>();
    operations.forEach(operation -> byName.put(operation.get("name").asText(), operation));
    assertThat(byName).hasSize(5);
    return byName;
  }

  private static void assertImpact(JsonNode impact, long oldCost, Long newCost, String status) {
    assertThat(impact.get("oldCost").asLong()).as(impact.toString()).isEqualTo(oldCost);
    if (newCost == null) {
      assertThat(impact.get("newCost").isNull()).as(impact.toString()).isTrue();
    } else {
      assertThat(impact.get("newCost").asLong()).as(impact.toString()).isEqualTo(newCost);
    }
    assertThat(impact.get("status").asText()).as(impact.toString()).isEqualTo(status);
  }

  private static void assertInvalid(Response response, String message) throws Exception {
    assertThat(response.status()).as(response.body()).isEqualTo(422);
    JsonNode error = JSON.readTree(response.body());
    assertThat(error.get("code").asText()).isEqualTo("INVALID_SCHEMA");
    assertThat(error.at("/extensions/errors").toString()).contains(message);
  }
}
