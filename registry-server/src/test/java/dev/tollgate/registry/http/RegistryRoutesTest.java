package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.RegistryTestServer.ADMIN;
import static dev.tollgate.registry.http.RegistryTestServer.PUBLISHER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tollgate.registry.Concurrently;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.http.RegistryTestServer.Response;
import dev.tollgate.registry.limit.Limit;
import dev.tollgate.registry.store.TestDatabase;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code /v1} API on a real Javalin, over H2 (and PostgreSQL for the race, when configured).
 */
final class RegistryRoutesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  static final String TRACK = "query Track { cargo(trackingId: \"ABC\") { trackingId } }";
  static final String CARGOS =
      "query Cargos { cargos(first: 5) { edges { node { trackingId } } } }";
  static final String TWO =
      "query Two { a: cargo(trackingId: \"1\") { id } b: cargo(trackingId: \"2\") { id } }";
  private static final String VERSION_PATH = "/v1/apps/web/versions/1.0.0";

  /**
   * A test that stores nothing (a refusal, a dry run, a read of an empty registry) and asserts so
   * runs on the registry the class shares; every other test gets a fresh one.
   */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @interface StoresNothing {}

  @TempDir static Path sharedDir;
  private static RegistryTestServer shared;

  @TempDir Path tempDir;

  private RegistryTestServer server;
  private final List<AutoCloseable> others = new ArrayList<>();

  @BeforeAll
  static void startShared() {
    shared = RegistryTestServer.start(TestDatabase.h2(sharedDir));
  }

  @AfterAll
  static void stopShared() {
    shared.close();
  }

  @BeforeEach
  void start(TestInfo test) {
    boolean storesNothing =
        test.getTestMethod().orElseThrow().isAnnotationPresent(StoresNothing.class);
    server = storesNothing ? shared : RegistryTestServer.start(TestDatabase.h2(tempDir));
  }

  @AfterEach
  void stop() {
    if (server != shared) {
      server.close();
    }
    for (AutoCloseable resource : others) {
      try {
        resource.close();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /** A second server on {@code database}, closed (and its database dropped) after the test. */
  private RegistryTestServer startOn(TestDatabase database) {
    others.add(database);
    RegistryTestServer other = RegistryTestServer.start(database);
    others.add(0, other);
    return other;
  }

  /* ---- publish ---- */

  @Test
  void publish_apolloManifest_createdWithPricedReport() throws Exception {
    Response response = server.post(VERSION_PATH, apollo(TRACK, CARGOS, TWO), PUBLISHER);

    assertThat(response.status()).isEqualTo(201);
    JsonNode report = JSON.readTree(response.body());
    assertThat(report.get("app").asText()).isEqualTo("web");
    assertThat(report.get("version").asText()).isEqualTo("1.0.0");
    assertThat(report.get("dryRun").asBoolean()).isFalse();
    JsonNode operations = report.get("operations");
    assertThat(operations).hasSize(3);
    assertOperation(operations.get(0), TRACK, "Track", 2, 2, 0, "new");
    assertOperation(operations.get(1), CARGOS, "Cargos", 16, 4, 0, "new");
    assertOperation(operations.get(2), TWO, "Two", 4, 2, 2, "new");
    assertThat(server.store.findDocument(DocumentHash.of(CARGOS))).isPresent();
  }

  @Test
  void publish_sameManifestAgain_noOpWithSameReport() throws Exception {
    JsonNode first =
        JSON.readTree(server.post(VERSION_PATH, apollo(TRACK, CARGOS), PUBLISHER).body());
    long changeId = server.store.latestChangeId();

    Response again =
        server.post(
            VERSION_PATH,
            map(
                Map.of(
                    DocumentHash.of(CARGOS).prefixed(),
                    CARGOS,
                    DocumentHash.of(TRACK).hex(),
                    TRACK)),
            ADMIN);

    assertThat(again.status()).isEqualTo(200);
    JsonNode second = JSON.readTree(again.body());
    for (JsonNode operation : first.get("operations")) {
      ((ObjectNode) operation).put("status", "existing");
    }
    assertThat(sortedById(second)).isEqualTo(sortedById(first));
    assertThat(server.store.latestChangeId()).isEqualTo(changeId);
  }

  @Test
  void publish_differentManifestSameVersion_conflictNamingAppAndVersion() throws Exception {
    server.post(VERSION_PATH, apollo(TRACK), PUBLISHER);

    Response response = server.post(VERSION_PATH, apollo(TRACK, CARGOS), PUBLISHER);

    assertError(response, 409, "VERSION_CONFLICT");
    assertThat(message(response)).contains("web").contains("1.0.0");
    assertThat(server.store.findDocument(DocumentHash.of(CARGOS))).isEmpty();
  }

  @Test
  void publish_snapshotVersionOtherManifest_replacesItAndKeepsTheHistory() throws Exception {
    String snapshot = "/v1/apps/web/versions/1.1.0-SNAPSHOT";
    assertThat(server.post(snapshot, apollo(TRACK), PUBLISHER).status()).isEqualTo(201);

    Response replaced = server.post(snapshot, apollo(CARGOS), PUBLISHER);

    assertThat(replaced.status()).isEqualTo(201);
    JsonNode version = JSON.readTree(server.get(snapshot, PUBLISHER).body());
    assertThat(version.at("/documents/0/id").asText()).isEqualTo(DocumentHash.of(CARGOS).hex());
    assertThat(version.get("documents")).hasSize(1);
    assertThat(version.get("history")).hasSize(1);
    assertThat(version.at("/history/0/replaced").asText()).isNotEmpty();
    // the replaced manifest's only document is no longer admitted for the app
    assertThat(server.store.activeDocumentApps()).doesNotContainKey(DocumentHash.of(TRACK));
  }

  @Test
  void publish_dryRunOfDifferentManifestOnPublishedVersion_conflict() throws Exception {
    server.post(VERSION_PATH, apollo(TRACK), PUBLISHER);

    assertError(
        server.post(VERSION_PATH + "?dryRun=true", apollo(CARGOS), PUBLISHER),
        409,
        "VERSION_CONFLICT");
    Response same = server.post(VERSION_PATH + "?dryRun=true", apollo(TRACK), PUBLISHER);
    assertThat(same.status()).isEqualTo(200);
    assertThat(JSON.readTree(same.body()).at("/operations/0/status").asText())
        .isEqualTo("existing");
    assertThat(server.store.findDocument(DocumentHash.of(CARGOS))).isEmpty();
  }

  @Test
  void publish_overlappingVersion_reportsExistingDocuments() throws Exception {
    server.post(VERSION_PATH, apollo(TRACK), PUBLISHER);

    JsonNode report =
        JSON.readTree(
            server.post("/v1/apps/ios/versions/7", apollo(TRACK, CARGOS), PUBLISHER).body());

    assertThat(report.get("operations").get(0).get("status").asText()).isEqualTo("existing");
    assertThat(report.get("operations").get(1).get("status").asText()).isEqualTo("new");
  }

  @Test
  @StoresNothing
  void publish_dryRun_pricesWithoutStoring() throws Exception {
    Response response =
        server.post(VERSION_PATH + "?dryRun=true", apollo(TRACK, CARGOS), PUBLISHER);

    assertThat(response.status()).isEqualTo(200);
    JsonNode report = JSON.readTree(response.body());
    assertThat(report.get("dryRun").asBoolean()).isTrue();
    assertOperation(report.get("operations").get(1), CARGOS, "Cargos", 16, 4, 0, "new");
    assertNothingStored();
  }

  @Test
  void publish_mapWithLabelKeys_idIsBodyHash() throws Exception {
    Response response =
        server.post(VERSION_PATH, map(Map.of("1", TRACK, "md5-ish", CARGOS)), PUBLISHER);

    assertThat(response.status()).isEqualTo(201);
    assertThat(server.store.findDocument(DocumentHash.of(TRACK))).isPresent();
    assertThat(server.store.findDocument(DocumentHash.of(CARGOS))).isPresent();
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void publish_concurrentOverlappingManifests_allSucceedWithoutDuplicates(TestDatabase.Kind kind)
      throws Exception {
    RegistryTestServer racing =
        kind == TestDatabase.Kind.H2 ? server : startOn(TestDatabase.postgres());
    List<Callable<Response>> tasks = new ArrayList<>();
    for (int p = 0; p < 6; p++) {
      String own = "query Own" + p + " { cargo(trackingId: \"" + p + "\") { id } }";
      String path = "/v1/apps/app" + p + "/versions/1";
      tasks.add(() -> racing.post(path, apollo(TRACK, CARGOS, TWO, own), PUBLISHER));
    }

    List<Response> responses = Concurrently.run(tasks);

    assertThat(responses).extracting(Response::status).containsOnly(201);
    long newShared = 0;
    for (Response response : responses) {
      for (JsonNode operation : JSON.readTree(response.body()).get("operations")) {
        newShared +=
            !operation.get("name").asText().startsWith("Own")
                    && operation.get("status").asText().equals("new")
                ? 1
                : 0;
      }
    }
    assertThat(newShared).isEqualTo(3);
    assertThat(racing.store.findDocument(DocumentHash.of(TWO)).orElseThrow().operations())
        .hasSize(1);
    assertThat(racing.store.activeDocumentApps().get(DocumentHash.of(TRACK))).hasSize(6);
  }

  /* ---- publish: bad input, nothing stored ---- */

  @Test
  @StoresNothing
  void publish_malformedJson_400() throws Exception {
    assertRefused(server.post(VERSION_PATH, "{\"format\":", PUBLISHER), 400, "MALFORMED_JSON");
  }

  @Test
  @StoresNothing
  void publish_unknownFormat_400() throws Exception {
    String body = "{\"format\":\"relay-persisted\",\"version\":1,\"operations\":[]}";
    assertRefused(server.post(VERSION_PATH, body, PUBLISHER), 400, "UNSUPPORTED_MANIFEST_FORMAT");
  }

  @Test
  @StoresNothing
  void publish_unknownVersion_400() throws Exception {
    String body = apollo(TRACK).replace("\"version\":1", "\"version\":2");
    assertRefused(server.post(VERSION_PATH, body, PUBLISHER), 400, "UNSUPPORTED_MANIFEST_VERSION");
  }

  @Test
  @StoresNothing
  void publish_emptyManifest_400() throws Exception {
    assertRefused(server.post(VERSION_PATH, "{}", PUBLISHER), 400, "EMPTY_MANIFEST");
    assertRefused(server.post(VERSION_PATH, apollo(), PUBLISHER), 400, "EMPTY_MANIFEST");
  }

  @Test
  @StoresNothing
  void publish_hexIdNotHashOfBody_400NamingId() throws Exception {
    String wrong = DocumentHash.of("something else").hex();
    Response response =
        server.post(
            VERSION_PATH,
            map(Map.of(DocumentHash.of(TRACK).hex(), TRACK, wrong, CARGOS)),
            PUBLISHER);

    assertRefused(response, 400, "DOCUMENT_ID_MISMATCH");
    String computed = DocumentHash.of(CARGOS).hex();
    assertThat(message(response)).contains(wrong + " (its body's SHA-256 is " + computed + ")");
    JsonNode extensions = JSON.readTree(response.body()).get("extensions");
    assertThat(extensions.at("/ids/0").asText()).isEqualTo(wrong);
    assertThat(extensions.at("/computed/" + wrong).asText()).isEqualTo(computed);
  }

  @Test
  @StoresNothing
  void publish_operationNoPolicyCanRun_reportedUnaffordableWithTheLimits() throws Exception {
    // The book's Chapter 1 query costs 385,151 (docs/cost-model.md); app "web" may be run only by
    // the demo's open key partner-demo (policy partner, apps *), whose cost limit is the default
    // 1000.
    String chapterOne =
        "query ChapterOne { cargos(first: 50) { edges { node { handlingHistory(first: 50) { edges"
            + " { node { cargo { handlingHistory(first: 50) { edges { node { id } } } } } } } } } }"
            + " }";

    Response response =
        server.post(VERSION_PATH + "?dryRun=true", apollo(TRACK, chapterOne), PUBLISHER);

    assertThat(response.status()).isEqualTo(200);
    JsonNode operations = JSON.readTree(response.body()).get("operations");
    JsonNode track = operations.get(0);
    assertThat(track.get("affordable").asBoolean()).isTrue();
    assertThat(track.has("limits")).isFalse();
    JsonNode expensive = operations.get(1);
    assertThat(expensive.get("cost").asLong()).isEqualTo(385_151);
    assertThat(expensive.get("affordable").asBoolean()).isFalse();
    assertThat(expensive.get("limits").toString()).isEqualTo("{\"partner\":1000}");
  }

  @Test
  @StoresNothing
  void publish_introspectionDocument_reportedAsSuch() throws Exception {
    String types = "query Types { __schema { queryType { name } } }";

    Response response = server.post(VERSION_PATH + "?dryRun=true", apollo(TRACK, types), PUBLISHER);

    assertThat(response.status()).isEqualTo(200);
    JsonNode operations = JSON.readTree(response.body()).get("operations");
    assertThat(operations.get(0).has("introspection")).isFalse();
    assertThat(operations.get(1).get("introspection").asBoolean()).isTrue();
  }

  @Test
  @StoresNothing
  void publish_invalidOperations_422ListsEveryBadDocument() throws Exception {
    String syntax = "query Broken { cargo(trackingId: \"1\") { id ";
    String unknownField = "query Unknown { cargo(trackingId: \"1\") { weight } }";
    Response response = server.post(VERSION_PATH, apollo(TRACK, syntax, unknownField), PUBLISHER);

    assertRefused(response, 422, "INVALID_OPERATIONS");
    JsonNode operations = JSON.readTree(response.body()).at("/extensions/operations");
    assertThat(operations).hasSize(2);
    assertThat(operations.get(0).get("id").asText()).isEqualTo(DocumentHash.of(syntax).hex());
    assertThat(operations.get(0).get("code").asText()).isEqualTo("GRAPHQL_PARSE_FAILED");
    assertThat(operations.get(0).get("errors")).isNotEmpty();
    assertThat(operations.get(1).get("id").asText()).isEqualTo(DocumentHash.of(unknownField).hex());
    assertThat(operations.get(1).get("code").asText()).isEqualTo("GRAPHQL_VALIDATION_FAILED");
    assertThat(operations.get(1).get("errors").toString()).contains("weight");
  }

  @Test
  @StoresNothing
  void publish_operationNameTooLongToStore_422() throws Exception {
    String longName = "query " + "N".repeat(1001) + " { cargo(trackingId: \"1\") { id } }";

    Response response = server.post(VERSION_PATH, map(Map.of("k", longName)), PUBLISHER);

    assertRefused(response, 422, "INVALID_OPERATIONS");
  }

  @Test
  @StoresNothing
  void publish_overTokenLimit_422() throws Exception {
    StringBuilder flood = new StringBuilder("query Flood { ");
    for (int i = 0; i < 5100; i++) {
      flood.append("__typename ");
    }
    Response response =
        server.post(VERSION_PATH, apollo(TRACK, flood.append('}').toString()), PUBLISHER);

    assertRefused(response, 422, "INVALID_OPERATIONS");
    assertThat(JSON.readTree(response.body()).at("/extensions/operations/0/code").asText())
        .isEqualTo("MAX_TOKENS_EXCEEDED");
  }

  @Test
  @StoresNothing
  void publish_bodyOverLimit_413Json() throws Exception {
    String big = map(Map.of("k", "query Big { " + "__typename ".repeat(30_000) + "}"));

    assertRefused(server.post(VERSION_PATH, big, PUBLISHER), 413, "PAYLOAD_TOO_LARGE");
  }

  @Test
  @StoresNothing
  void publish_bodyOverLimitWithoutContentLength_413Json() throws Exception {
    byte[] big =
        ("{\"k\":\"" + "x".repeat((int) RegistryTestServer.MAX_BODY_BYTES + 10) + "\"}").getBytes();
    HttpRequest.Builder request =
        server
            .request(VERSION_PATH, PUBLISHER)
            .POST(
                HttpRequest.BodyPublishers.ofInputStream(
                    () -> new java.io.ByteArrayInputStream(big)));

    assertRefused(server.send(request), 413, "PAYLOAD_TOO_LARGE");
  }

  @Test
  @StoresNothing
  void publish_invalidNames_400NamingThem() throws Exception {
    Response badApp = server.post("/v1/apps/we%20b/versions/1", apollo(TRACK), PUBLISHER);
    Response badVersion =
        server.post("/v1/apps/web/versions/" + "9".repeat(101), apollo(TRACK), PUBLISHER);

    assertRefused(badApp, 400, "INVALID_APP_NAME");
    assertThat(message(badApp)).contains("we b");
    assertRefused(badVersion, 400, "INVALID_VERSION_NAME");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"/v1/apps/../versions/1", "/v1/apps/./versions/1", "/v1/apps/.../versions/1"})
  @StoresNothing
  void publish_appOnlyDotsOnTheWire_400InvalidAppName(String path) throws Exception {
    String answer = server.raw("POST " + path, apollo(TRACK), PUBLISHER);

    assertThat(answer).startsWith("HTTP/1.1 400").contains("\"INVALID_APP_NAME\"");
    assertThat(answer).contains("app name must not be only dots: " + path.split("/")[3]);
  }

  @Test
  @StoresNothing
  void publish_versionOnlyDotsOnTheWire_400InvalidVersionName() throws Exception {
    String answer = server.raw("POST /v1/apps/web/versions/..", apollo(TRACK), PUBLISHER);

    assertThat(answer).startsWith("HTTP/1.1 400").contains("\"INVALID_VERSION_NAME\"");
    assertThat(answer).contains("version name must not be only dots: ..");
  }

  @Test
  @StoresNothing
  void publish_badDryRunFlag_400() throws Exception {
    assertRefused(
        server.post(VERSION_PATH + "?dryRun=maybe", apollo(TRACK), PUBLISHER),
        400,
        "INVALID_PARAMETER");
  }

  /* ---- auth ---- */

  @Test
  @StoresNothing
  void publish_withoutToken_401() throws Exception {
    Response response = server.post(VERSION_PATH, apollo(TRACK), null);

    assertRefused(response, 401, "UNAUTHENTICATED");
    assertThat(response.raw().headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
  }

  @Test
  @StoresNothing
  void publish_wrongToken_403() throws Exception {
    Response response = server.post(VERSION_PATH, apollo(TRACK), "not-a-token");

    assertRefused(response, 403, "FORBIDDEN");
    assertThat(response.body()).doesNotContain("not-a-token");
  }

  @Test
  @StoresNothing
  void reads_needAnyValidToken_priceListIsPublic() {
    assertThat(server.get("/v1/apps", null).status()).isEqualTo(401);
    assertThat(server.get("/v1/apps", "nope").status()).isEqualTo(403);
    assertThat(server.get("/v1/apps", PUBLISHER).status()).isEqualTo(200);
    assertThat(server.get("/v1/price-list", null).status()).isEqualTo(200);
  }

  /* ---- retire ---- */

  @Test
  void retire_withPublishScope_403() throws Exception {
    server.post(VERSION_PATH, apollo(TRACK), PUBLISHER);

    assertError(server.delete(VERSION_PATH, PUBLISHER), 403, "FORBIDDEN");
    assertThat(server.store.activeDocumentApps()).isNotEmpty();
  }

  @Test
  void retire_asAdmin_removesAdmissionKeepsDocument() throws Exception {
    server.post(VERSION_PATH, apollo(TRACK), PUBLISHER);

    Response response = server.delete(VERSION_PATH, ADMIN);

    assertThat(response.status()).isEqualTo(200);
    JsonNode version = JSON.readTree(response.body());
    assertThat(version.get("status").asText()).isEqualTo("retired");
    assertThat(version.get("retiredBy").asText()).isEqualTo("ci-admin");
    assertThat(server.store.activeDocumentApps()).isEmpty();
    assertThat(server.get("/v1/documents/" + DocumentHash.of(TRACK).hex(), ADMIN).status())
        .isEqualTo(200);
    assertError(server.post(VERSION_PATH, apollo(TRACK), PUBLISHER), 409, "VERSION_RETIRED");
  }

  @Test
  @StoresNothing
  void retire_unknownVersion_404() throws Exception {
    assertError(server.delete(VERSION_PATH, ADMIN), 404, "VERSION_NOT_FOUND");
  }

  /* ---- reads ---- */

  @Test
  void getDocument_bareAndPrefixedId_bodyAndPricedOperations() throws Exception {
    server.post(VERSION_PATH, apollo(CARGOS), PUBLISHER);
    String id = DocumentHash.of(CARGOS).hex();

    Response bare = server.get("/v1/documents/" + id, PUBLISHER);
    Response prefixed =
        server.get("/v1/documents/sha256:" + id.toUpperCase(java.util.Locale.ROOT), PUBLISHER);

    assertThat(bare.status()).isEqualTo(200);
    assertThat(prefixed.body()).isEqualTo(bare.body());
    JsonNode document = JSON.readTree(bare.body());
    assertThat(document.get("id").asText()).isEqualTo(id);
    assertThat(document.get("body").asText()).isEqualTo(CARGOS);
    JsonNode operation = document.get("operations").get(0);
    assertThat(operation.get("name").asText()).isEqualTo("Cargos");
    assertThat(operation.get("type").asText()).isEqualTo("query");
    assertThat(operation.get("cost").asLong()).isEqualTo(16);
    assertThat(operation.get("price").asText()).isNotBlank();
    // the schema's fingerprint covers its text and the model settings (issue 13)
    assertThat(operation.get("schemaFingerprint").asText())
        .isEqualTo(
            new dev.tollgate.registry.schema.SchemaInput(
                    RegistryTestServer.CARGO_SCHEMA,
                    dev.tollgate.registry.pricing.CostPreset.BOOK,
                    10,
                    dev.tollgate.registry.pricing.FragmentSpreads.FIRST)
                .fingerprint());
  }

  @Test
  @StoresNothing
  void getDocument_malformedId_400() throws Exception {
    assertError(server.get("/v1/documents/xyz", PUBLISHER), 400, "INVALID_DOCUMENT_ID");
  }

  @Test
  @StoresNothing
  void getDocument_unknownId_404() throws Exception {
    assertError(
        server.get("/v1/documents/" + DocumentHash.of("nope").hex(), PUBLISHER),
        404,
        "DOCUMENT_NOT_FOUND");
  }

  @Test
  void getApps_listsAppsWithVersions() throws Exception {
    server.post(VERSION_PATH, apollo(TRACK), PUBLISHER);
    server.post("/v1/apps/web/versions/1.1.0", apollo(TRACK, CARGOS), PUBLISHER);

    JsonNode apps = JSON.readTree(server.get("/v1/apps", PUBLISHER).body()).get("apps");

    assertThat(apps).hasSize(1);
    assertThat(apps.get(0).get("name").asText()).isEqualTo("web");
    assertThat(apps.get(0).get("versions"))
        .extracting(v -> v.get("version").asText())
        .containsExactly("1.0.0", "1.1.0");
    assertThat(apps.get(0).get("versions").get(0).get("publishedBy").asText())
        .isEqualTo("ci-publisher");
  }

  @Test
  void getVersion_publishedAndUnknown() throws Exception {
    server.post(VERSION_PATH, apollo(TRACK, TWO), PUBLISHER);

    JsonNode version = JSON.readTree(server.get(VERSION_PATH, PUBLISHER).body());

    assertThat(version.get("status").asText()).isEqualTo("active");
    assertThat(version.get("documents")).hasSize(2);
    assertError(server.get("/v1/apps/web/versions/2", PUBLISHER), 404, "VERSION_NOT_FOUND");
  }

  @Test
  @StoresNothing
  void priceList_schemaPricesAndPoliciesWithoutKeys() throws Exception {
    Response response = server.get("/v1/price-list", null);

    JsonNode list = JSON.readTree(response.body());
    assertThat(list.get("model").asText()).isEqualTo("book");
    assertThat(list.get("defaultListSize").asInt()).isEqualTo(10);
    JsonNode cargos = null;
    for (JsonNode price : list.get("prices")) {
      cargos = price.get("coordinate").asText().equals("Query.cargos") ? price : cargos;
    }
    assertThat(cargos).isNotNull();
    assertThat(cargos.at("/listSize/assumedSize").asInt()).isEqualTo(10);
    assertThat(cargos.at("/listSize/slicingArguments").toString())
        .isEqualTo("[\"first\",\"last\"]");
    assertThat(list.at("/policies/partner/limits/cost").asLong()).isEqualTo(1000);
    List<String> limits = new ArrayList<>();
    list.at("/policies/partner/limits").fieldNames().forEachRemaining(limits::add);
    assertThat(limits).containsExactlyElementsOf(Limit.all().stream().map(Limit::key).toList());
    assertThat(list.at("/policies/partner/limits/rootFields").asLong())
        .isEqualTo(Limit.ROOT_FIELDS.defaultValue());
    assertThat(list.at("/policies/partner/budget/capacity").asLong()).isEqualTo(5000);
    assertThat(list.get("policies").fieldNames())
        .toIterable()
        .containsExactly("anonymous", "partner", "web");
    assertThat(response.body()).doesNotContain(ADMIN).doesNotContain(PUBLISHER);
  }

  /* ---- restart ---- */

  @Test
  void restart_keepsDocumentsAppsAndVersions() throws Exception {
    server.post(VERSION_PATH, apollo(TRACK), PUBLISHER);
    server.close();

    server = RegistryTestServer.start(TestDatabase.h2(tempDir));

    assertThat(server.get("/v1/documents/" + DocumentHash.of(TRACK).hex(), PUBLISHER).status())
        .isEqualTo(200);
    assertThat(server.get(VERSION_PATH, PUBLISHER).status()).isEqualTo(200);
    assertThat(server.post(VERSION_PATH, apollo(TRACK), PUBLISHER).status()).isEqualTo(200);
  }

  /* ---- helpers ---- */

  static String apollo(String... bodies) {
    ObjectNode manifest = JSON.createObjectNode();
    manifest.put("format", "apollo-persisted-query-manifest");
    manifest.put("version", 1);
    ArrayNode operations = manifest.putArray("operations");
    for (String body : bodies) {
      ObjectNode operation = operations.addObject();
      operation.put("id", DocumentHash.of(body).hex());
      operation.put("name", body.split("[ {(]")[1]);
      operation.put("type", "query");
      operation.put("body", body);
    }
    return manifest.toString();
  }

  private static String map(Map<String, String> entries) throws Exception {
    return JSON.writeValueAsString(new LinkedHashMap<>(entries));
  }

  private static void assertOperation(
      JsonNode operation,
      String body,
      String name,
      long cost,
      int depth,
      int aliases,
      String status) {
    assertThat(operation.get("id").asText()).isEqualTo(DocumentHash.of(body).hex());
    assertThat(operation.get("name").asText()).isEqualTo(name);
    assertThat(operation.get("type").asText()).isEqualTo("query");
    assertThat(operation.get("cost").asLong()).isEqualTo(cost);
    assertThat(operation.get("depth").asInt()).isEqualTo(depth);
    assertThat(operation.get("aliases").asInt()).isEqualTo(aliases);
    assertThat(operation.get("status").asText()).isEqualTo(status);
  }

  private void assertRefused(Response response, int status, String code) throws Exception {
    assertError(response, status, code);
    assertNothingStored();
  }

  private void assertNothingStored() {
    assertThat(server.store.apps()).isEmpty();
    // the start published and activated the config's schema (two changes); nothing since
    assertThat(server.store.latestChangeId()).isEqualTo(2);
    assertThat(
            server.store.existingDocuments(
                List.of(DocumentHash.of(TRACK), DocumentHash.of(CARGOS))))
        .isEmpty();
  }

  private static void assertError(Response response, int status, String code) throws Exception {
    assertThat(response.status()).as(response.body()).isEqualTo(status);
    JsonNode error = JSON.readTree(response.body());
    assertThat(error.get("code").asText()).isEqualTo(code);
    assertThat(error.get("message").asText()).isNotBlank();
  }

  private static String message(Response response) throws Exception {
    return JSON.readTree(response.body()).get("message").asText();
  }

  private static List<JsonNode> sortedById(JsonNode report) {
    List<JsonNode> operations = new ArrayList<>();
    report.get("operations").forEach(operations::add);
    operations.sort(
        java.util.Comparator.comparing(o -> o.get("id").asText() + o.get("name").asText()));
    return operations;
  }
}
