package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.document.Sha256;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console as an operator uses it, in a real headless Chromium against the embedded demo on a
 * random port: signs in with the demo admin token by typing it, opens every page and reads what
 * they show (the app, a price expression, the cost chart's bars and limit line, the refusals),
 * retires a version through the confirmation dialog, and signs in again with a publish token, which
 * gets no retire button. Skipped when no Chromium is installed ({@code .ci/run} installs Debian's
 * {@code chromium}). Screenshots go to {@code target/console/}, and to {@code docs/images/} when
 * {@code -Dconsole.screenshots=../docs/images} asks (how the README's were taken).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
final class ConsoleBrowserTest {

  private static final String PUBLISH_TOKEN = OperatorRoutesTest.PUBLISH_TOKEN;
  private static final String TRACK_CARGO =
      "cecd6ffb8bbbccd57fdf53c4b72c8aa691c1b9c8aca6013850757ef6da830487";
  private static final String CARGO_LIST_NAME = "CargoList";
  private static final String TEST_VERSION = "retire-me";

  private final HttpClient http = HttpClient.newHttpClient();
  private final ObjectMapper json = new ObjectMapper();
  private RegistryServer server;
  private Chromium browser;
  private String base;

  @BeforeAll
  void start(@TempDir Path temp) throws Exception {
    Optional<Path> binary = Chromium.find();
    assumeTrue(
        binary.isPresent(),
        "no chromium on the PATH (apt-get install chromium) and no TOLLGATE_CHROMIUM");
    server = RegistryServer.start(OperatorRoutesTest.demoWithPublishToken(temp.resolve("data")));
    base = "http://127.0.0.1:" + server.port();
    sendTraffic();
    publishTestVersion();
    browser = Chromium.start(binary.get(), temp.resolve("chromium-profile"), 1280, 900);
  }

  @AfterAll
  void stop() {
    if (browser != null) {
      browser.close();
    }
    if (server != null) {
      server.close();
    }
  }

  /**
   * Traffic for the web key: TrackCargo (23) five times; CargoList ({@code $first × 18 + 1}) with
   * 16 page sizes from 1 to 40 (19 to 721: 3,814 units in all, well within the budget of 10,000, so
   * none is rate limited) and with 56, 60 and 80 (1,009, 1,081 and 1,441: over the limit of 1,000,
   * refused); an unknown id (refused before pricing); and a partner query of {@code first: 5000}
   * (15,001, refused).
   */
  private void sendTraffic() throws Exception {
    for (int i = 0; i < 5; i++) {
      assertThat(gateway("web-demo", TRACK_CARGO, "{\"trackingId\":\"ABC123\"}")).isEqualTo(200);
    }
    String cargoList = operationId(CARGO_LIST_NAME);
    for (int first : new int[] {1, 2, 3, 4, 5, 6, 8, 10, 10, 10, 12, 15, 20, 25, 30, 40}) {
      assertThat(gateway("web-demo", cargoList, "{\"first\":" + first + "}")).isEqualTo(200);
    }
    for (int first : new int[] {56, 60, 80}) {
      assertThat(gateway("web-demo", cargoList, "{\"first\":" + first + "}")).isEqualTo(400);
    }
    assertThat(gateway("web-demo", "0".repeat(64), "{}")).isEqualTo(404);
    HttpRequest partner =
        HttpRequest.newBuilder(URI.create(base + "/graphql"))
            .header("X-API-Key", "partner-demo")
            .header("Content-Type", "application/json")
            .header("Accept", "application/graphql-response+json")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    "{\"query\":\"{ cargos(first: 5000) { edges { node { trackingId } } } }\"}"))
            .build();
    assertThat(http.send(partner, HttpResponse.BodyHandlers.ofString()).statusCode())
        .isEqualTo(400);
  }

  private int gateway(String key, String id, String variables) throws Exception {
    String url =
        base
            + "/graphql?documentId="
            + id
            + "&variables="
            + URLEncoder.encode(variables, StandardCharsets.UTF_8);
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(url))
            .header("X-API-Key", key)
            .header("Accept", "application/graphql-response+json")
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
  }

  private void publishTestVersion() throws Exception {
    String body = "query Late { cargos(first: 3) { edges { node { trackingId } } } }";
    String manifest = json.writeValueAsString(java.util.Map.of(Sha256.hex(body), body));
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(base + "/v1/apps/cargo-web/versions/" + TEST_VERSION))
            .header("Authorization", "Bearer " + DemoConfig.ADMIN_TOKEN)
            .POST(HttpRequest.BodyPublishers.ofString(manifest))
            .build();
    assertThat(http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode())
        .isEqualTo(201);
  }

  private JsonNode api(String path) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(base + path))
            .header("Authorization", "Bearer " + DemoConfig.ADMIN_TOKEN)
            .build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    return response.statusCode() == 404 ? json.nullNode() : json.readTree(response.body());
  }

  private String demoVersion() throws Exception {
    for (JsonNode version : api("/v1/apps").path("apps").get(0).path("versions")) {
      if (!version.path("version").asText().equals(TEST_VERSION)) {
        return version.path("version").asText();
      }
    }
    throw new AssertionError("the demo manifest is not published");
  }

  private String operationId(String name) throws Exception {
    JsonNode version = api("/v1/apps/cargo-web/versions/" + demoVersion());
    for (JsonNode document : version.path("documents")) {
      if (document.path("operations").get(0).path("name").asText().equals(name)) {
        return document.path("id").asText();
      }
    }
    throw new AssertionError("no operation " + name + " in the demo manifest");
  }

  private void signIn(String token) {
    browser.navigate(base + "/console");
    browser.waitFor("document.activeElement && document.activeElement.id === 'token'");
    browser.type(token);
    browser.press("Enter", 13);
    browser.waitFor(
        "!document.getElementById('nav').hidden && document.querySelector('main h1')"
            + " && document.querySelector('main h1').innerText === 'Apps and versions'");
  }

  private void open(String hash, String heading) {
    browser.evaluate("location.hash = " + Chromium.quote(hash));
    browser.waitFor(
        "document.querySelector('main h1') && document.querySelector('main h1').innerText"
            + " === "
            + Chromium.quote(heading)
            + " && !document.querySelector('main').hasAttribute('aria-busy')");
  }

  /** Saves the page as {@code name} in target/console (and, when asked, in docs/images). */
  private void screenshot(String name) throws IOException {
    screenshot(name, true);
  }

  private void screenshot(String name, boolean forReadme) throws IOException {
    byte[] png = browser.screenshot();
    assertThat(png).startsWith(0x89, 'P', 'N', 'G');
    Path target = Path.of("target", "console");
    Files.createDirectories(target);
    Files.write(target.resolve(name), png);
    String docs = System.getProperty("console.screenshots");
    if (forReadme && docs != null && !docs.isBlank()) {
      Files.createDirectories(Path.of(docs));
      Files.write(Path.of(docs, name), png);
    }
  }

  /* ---- the pages ---- */

  @Test
  @Order(1)
  void signIn_adminToken_appsPageListsTheDemoAppWithRetireButtons() throws IOException {
    signIn(DemoConfig.ADMIN_TOKEN);

    // the demo token's name is the token itself: the line names its scope instead
    assertThat(browser.text("#who")).contains("admin").doesNotContain(DemoConfig.ADMIN_TOKEN);
    assertThat(browser.text("main h2")).isEqualTo("cargo-web");
    assertThat(browser.text("table[data-app='cargo-web']"))
        .contains(TEST_VERSION)
        .contains("active");
    assertThat(browser.count("button[data-retire='cargo-web/" + TEST_VERSION + "']")).isEqualTo(1);
    screenshot("apps.png", false);
  }

  @Test
  @Order(2)
  void documentPage_cargoList_showsItsPriceAsArithmetic() throws Exception {
    open("#/apps/cargo-web/versions/" + demoVersion(), "cargo-web version " + demoVersion());
    assertThat(browser.text("main table")).contains(CARGO_LIST_NAME).contains("TrackCargo");

    browser.click(
        "main table a[href^='#/documents/'][href*='" + operationId(CARGO_LIST_NAME) + "']");
    browser.waitFor("document.querySelector('code.price')");

    assertThat(browser.text("main h1")).isEqualTo("Document CargoList");
    // the stored price (min 429496 (+ (* (first 10 (var $first . none)) 18) 1)): 18 per cargo
    // (trackingId, cursor and the node's fields) times the page, plus the connection, clamped
    assertThat(browser.text("code.price[data-price='CargoList']"))
        .isEqualTo("min(429496, ($first ?? 10) × 18 + 1)");
    assertThat(browser.text("main dl")).contains("Cost at default variables").contains("181");
    assertThat(browser.text("pre.body")).startsWith("query CargoList($first: Int = 10");
    // issue 26: which versions its requests were counted for, from GET /v1/documents/{id}
    JsonNode document = api("/v1/documents/" + operationId(CARGO_LIST_NAME));
    assertThat(browser.text("#served-title")).isEqualTo("Served by");
    assertThat(browser.count("#served-by tbody tr")).isEqualTo(document.get("servedBy").size());
    screenshot("console-document.png");
  }

  @Test
  @Order(3)
  void policiesPage_listsEveryPolicyByNameWithItsBudget() throws IOException {
    open("#/policies", "Policies");

    String table = browser.text("#policies");
    // policies by name (DemoConfig: web, partner), never by key
    assertThat(table)
        .contains(DemoConfig.TRUSTED_POLICY)
        .contains(DemoConfig.OPEN_POLICY)
        .contains("anonymous")
        .doesNotContain(DemoConfig.TRUSTED_KEY)
        .doesNotContain(DemoConfig.OPEN_KEY);
    assertThat(table).contains("of 10,000").contains("of 5,000").contains("100/s");
    assertThat(browser.count("#policies meter")).isEqualTo(3);
    screenshot("policies.png", false);
  }

  @Test
  @Order(4)
  void costChart_webKey_barsByCostWithTheLimitLineAndTheRefusal() throws IOException {
    open("#/traffic/" + DemoConfig.TRUSTED_POLICY, "Cost chart: " + DemoConfig.TRUSTED_POLICY);

    browser.waitFor("document.querySelector('svg[data-chart=\"cost-histogram\"] rect.bar')");
    // 24 priced requests (5 TrackCargo, 19 CargoList), 3 of them over the limit; the unknown id
    assertThat(browser.text("#traffic-summary"))
        .contains("25 recent requests: 24 priced, 3 of them refused")
        .contains("3 over the cost limit of 1,000")
        .contains("1 refused before pricing");
    String chart = "svg[data-chart='cost-histogram'] ";
    assertThat(browser.count(chart + "line.limit[data-limit='1000']")).isEqualTo(1);
    assertThat(browser.count(chart + "rect.bar-ok")).isGreaterThanOrEqualTo(5);
    assertThat(browser.count(chart + "rect.bar-refused")).isGreaterThanOrEqualTo(1);
    // the limit is a bin edge: every refusal here is over it, so right of the line, and every
    // admitted request left of it
    JsonNode sides =
        browser.evaluate(
            "(() => { const line = +document.querySelector('line.limit').getAttribute('x1');"
                + " const x = (r) => +r.getAttribute('x');"
                + " const w = (r) => +r.getAttribute('width');"
                + " return {ok: [...document.querySelectorAll('rect.bar-ok')]"
                + ".every((r) => x(r) + w(r) <= line + 0.5),"
                + " refused: [...document.querySelectorAll('rect.bar-refused')]"
                + ".every((r) => x(r) >= line - 0.5)}; })()");
    assertThat(sides.path("ok").asBoolean()).as("admitted bars left of the limit").isTrue();
    assertThat(sides.path("refused").asBoolean()).as("refused bars right of the limit").isTrue();
    assertThat(browser.text(chart + "title")).contains(DemoConfig.TRUSTED_POLICY);
    screenshot("console-cost-chart.png");
  }

  @Test
  @Order(5)
  void estimatedVsActualAndCalibration_showDataOrSayThereIsNoneYet() throws Exception {
    JsonNode calibration = api("/v1/calibration");

    open("#/operations", "Estimated vs actual cost");
    if (calibration.isNull() || calibration.path("operations").isEmpty()) {
      assertThat(browser.text("main .empty")).contains("No data yet");
    } else {
      assertThat(browser.text("#operations")).contains("TrackCargo");
    }
    screenshot("operations.png", false);
    open("#/calibration", "Calibration");
    if (calibration.isNull() || calibration.path("fields").isEmpty()) {
      assertThat(browser.text("main .empty")).contains("No data yet");
    } else {
      assertThat(browser.text("#calibration")).contains("Query.cargos");
    }
  }

  /**
   * The pages against the shape of {@code GET /v1/calibration} (issue 14's measured costs),
   * answered in the page itself by a stand-in for {@code fetch}, whether or not this server has the
   * route.
   */
  @Test
  @Order(5)
  void estimatedVsActualAndCalibration_withMeasurements_tablesOfThem() {
    String sample =
        "{\"fields\":[{\"coordinate\":\"Query.cargos\",\"assumedSize\":null,"
            + "\"requested\":{\"p50\":10,\"p95\":40,\"max\":60},"
            + "\"observed\":{\"count\":19,\"p50\":4,\"p95\":4,\"max\":4},"
            + "\"suggestion\":{\"assumedSize\":4}}],"
            + "\"operations\":[{\"app\":\"cargo-web\",\"version\":\"1\",\"id\":\""
            + TRACK_CARGO
            + "\",\"name\":\"TrackCargo\",\"count\":5,"
            + "\"estimated\":{\"p50\":23,\"p95\":23,\"max\":23},"
            + "\"actual\":{\"p50\":12,\"p95\":12,\"max\":12},"
            + "\"ratio\":{\"p50\":0.52,\"p95\":0.52,\"max\":0.52}}]}";
    browser.evaluate(
        "(() => { window.realFetch = window.realFetch || window.fetch;"
            + " window.fetch = (url, options) => String(url).startsWith('/v1/calibration')"
            + " ? Promise.resolve(new Response("
            + Chromium.quote(sample)
            + ", {status: 200})) : window.realFetch(url, options); return true; })()");
    try {
      open("#/operations", "Estimated vs actual cost");
      assertThat(browser.text("#operations"))
          .contains("TrackCargo\tcargo-web\t1\t5\t23 / 23 / 23\t12 / 12 / 12\t0.52 / 0.52 / 0.52");
      open("#/calibration", "Calibration");
      assertThat(browser.text("#calibration"))
          .contains("Query.cargos\t—\t10 / 40 / 60\t4 / 4 / 4\t19\tassumedSize: 4");
    } finally {
      browser.evaluate("(() => { window.fetch = window.realFetch; return true; })()");
    }
  }

  @Test
  @Order(6)
  void refusalsPage_showsTheRefusalsByCode() throws IOException {
    open("#/refusals", "Refusals over time");

    assertThat(browser.count("svg[data-chart='refusals'] rect.bar")).isGreaterThan(0);
    // the three CargoLists over the limit and the partner's first: 5000; the unknown id
    assertThat(browser.text("#refusal-totals"))
        .contains("COST_ESTIMATED_TOO_EXPENSIVE\t4")
        .contains("PERSISTED_QUERY_NOT_IN_LIST\t1");
    screenshot("refusals.png", false);
  }

  @Test
  @Order(6)
  void operationsAndUnused_tablesFromTheApi_sortableAndFiltered() throws Exception {
    JsonNode operations = api("/v1/operations?window=1d");

    open("#/spend", "Operations");
    assertThat(browser.count("#spend tbody tr")).isEqualTo(operations.get("operations").size());
    browser.click("#spend thead th:nth-child(5) button");
    assertThat(browser.count("#spend th[aria-sort='ascending']")).isEqualTo(1);
    assertThat(browser.count("form.filters select[name='window']")).isEqualTo(1);

    open("#/unused?app=cargo-web&days=30", "Unused");
    assertThat(browser.text("main")).contains("Active versions of cargo-web");
  }

  @Test
  @Order(7)
  void retire_confirmedInTheDialog_versionIsRetired() throws Exception {
    open("#/apps", "Apps and versions");
    String button = "button[data-retire='cargo-web/" + TEST_VERSION + "']";

    browser.click(button);
    browser.waitFor("document.getElementById('confirm').open");
    assertThat(browser.text("#confirm-title")).isEqualTo("Retire cargo-web " + TEST_VERSION + "?");
    browser.click("#confirm-ok");
    browser.waitFor(
        "!document.querySelector("
            + Chromium.quote(button)
            + ")"
            + " && document.querySelector('main h1')");

    assertThat(browser.text("table[data-app='cargo-web']")).contains("retired by admin-demo");
    assertThat(api("/v1/apps/cargo-web/versions/" + TEST_VERSION).path("status").asText())
        .isEqualTo("retired");
  }

  /**
   * Issue 27: the audit page lists the retirement above with its actor, and filters by keyboard.
   */
  @Test
  @Order(8)
  void auditPage_listsTheChangesWithTheirActors_filteredFromTheKeyboard() throws IOException {
    open("#/audit", "Audit");

    assertThat(browser.text("#audit"))
        .contains("admin-demo\tretire\tcargo-web/" + TEST_VERSION + "\tok")
        .contains("admin-demo\tpublish\tcargo-web/" + TEST_VERSION + "\tok");
    screenshot("audit.png", false);

    browser.evaluate("(() => { document.getElementById('audit-actor').focus(); return true; })()");
    browser.type("nobody");
    browser.press("Enter", 13);
    browser.waitFor(
        "location.hash === '#/audit?actor=nobody' && document.querySelector('main .empty')"
            + " && !document.querySelector('main').hasAttribute('aria-busy')");

    assertThat(browser.text("main")).contains("No change matches these filters.");
    assertThat(browser.count("#audit")).isZero();
  }

  @Test
  @Order(9)
  void signIn_publishToken_readOnlyWithoutRetireButtons() {
    browser.click("#sign-out");
    browser.waitFor("document.getElementById('token')");
    signIn(PUBLISH_TOKEN);

    assertThat(browser.text("#who")).contains("ci-publisher").contains("read-only");
    assertThat(browser.text("main")).contains("Read-only");
    assertThat(browser.count("button[data-retire]")).isZero();
  }

  /** Issue 27: a token issued at runtime signs in as the config's do, named by its prefix. */
  @Test
  @Order(10)
  void signIn_runtimeToken_namedByItsPrefix() throws Exception {
    HttpRequest issue =
        HttpRequest.newBuilder(URI.create(base + "/v1/tokens"))
            .header("Authorization", "Bearer " + DemoConfig.ADMIN_TOKEN)
            .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"ops\",\"scope\":\"admin\"}"))
            .build();
    JsonNode token = json.readTree(http.send(issue, HttpResponse.BodyHandlers.ofString()).body());
    browser.click("#sign-out");
    browser.waitFor("document.getElementById('token')");
    signIn(token.get("secret").asText());

    assertThat(browser.text("#who"))
        .contains("Signed in as " + token.get("prefix").asText() + " (admin)");
    assertThat(browser.count("button[data-retire]")).isPositive();
  }
}
