package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tollgate.registry.config.DemoConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26, item 6: what tells an operator that the console's data can be trusted, in headless
 * Chromium against the embedded demo. Traffic: TrackCargo (cost 23) 7 times and CargoList at its
 * default page of 10 (181) 3 times, all admitted: 10 requests, the tallest bar 7 (every TrackCargo
 * in one bin).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
final class ConsoleTrustBrowserTest {

  private static final String TRACK_CARGO =
      "cecd6ffb8bbbccd57fdf53c4b72c8aa691c1b9c8aca6013850757ef6da830487";
  private static final String TRACKING = "{\"trackingId\":\"ABC123\"}";
  private static final String UPDATED = "Updated at \\d\\d:\\d\\d:\\d\\d UTC";
  private static final String CHART = "svg[data-chart='cost-histogram']";

  /** The innermost elements that reach past the viewport, for a failure's message. */
  private static final String WIDER =
      "[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right"
          + " > 390.5 && ![...e.children].some((c) =>"
          + " c.getBoundingClientRect().right > 390.5)).slice(0, 8).map((e) =>"
          + " e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round("
          + "e.getBoundingClientRect().right))";

  private ConsoleFixture console;
  private Chromium browser;

  @BeforeAll
  void start(@TempDir Path temp) throws Exception {
    console = ConsoleFixture.start(temp);
    browser = console.browser;
    for (int i = 0; i < 7; i++) {
      assertThat(console.gateway(TRACK_CARGO, TRACKING)).isEqualTo(200);
    }
    String cargoList = console.operationId("CargoList");
    for (int i = 0; i < 3; i++) {
      assertThat(console.gateway(cargoList, "{}")).isEqualTo(200);
    }
    console.signIn(DemoConfig.ADMIN_TOKEN);
  }

  @AfterAll
  void stop() {
    if (console != null) {
      console.close();
    }
  }

  @Test
  @Order(1)
  void signedIn_demoAdmin_namesTheScopeNeverTheTokenAndStampsTheTime() {
    // the demo token's name is its secret, admin-demo: the line must not show it
    assertThat(browser.text("#who")).contains("admin").doesNotContain(DemoConfig.ADMIN_TOKEN);
    assertThat(browser.text("#updated")).matches(UPDATED);
  }

  @Test
  @Order(2)
  void costChart_yAxisEndsAtOrAboveTheTallestBar() {
    console.open("#/traffic/" + DemoConfig.TRUSTED_POLICY, "Cost chart: web");

    JsonNode axis =
        browser.evaluate(
            "(() => { const ticks = [...document.querySelectorAll(\""
                + CHART
                + " text.tick[text-anchor='end']\")].map((t) => +t.textContent.replace(/,/g, ''));"
                + " const rows = [...document.querySelectorAll('details table:first-of-type tbody tr')];"
                + " const bars = rows.map((r) => +r.cells[2].textContent + +r.cells[3].textContent);"
                + " return {top: Math.max(...ticks), tallest: Math.max(...bars)}; })()");
    // 7 TrackCargos in one bin; ticks every ceil(7 / 5) = 2: 0, 2, 4, 6, 8 (not 6, below the bar)
    assertThat(axis.path("tallest").asInt()).isEqualTo(7);
    assertThat(axis.path("top").asInt()).isEqualTo(8);
    assertThat(browser.text("#traffic-summary")).startsWith("10 recent requests");
  }

  @Test
  @Order(3)
  void costChart_refreshesLiveAndStopsPollingWhenLeft() throws Exception {
    assertThat(console.gateway(TRACK_CARGO, TRACKING)).isEqualTo(200);

    // polled every 5 s: the 11th request appears without navigating
    browser.waitFor(
        "document.querySelector('#traffic-summary').innerText.startsWith('11 recent requests')");
    assertThat(browser.text("#updated")).matches(UPDATED);

    browser.evaluate(
        "(() => { window.realFetch = window.realFetch || window.fetch; window.trafficReads = 0;"
            + " window.fetch = (url, options) => { if (String(url).startsWith('/v1/traffic'))"
            + " window.trafficReads++; return window.realFetch(url, options); }; return true; })()");
    try {
      console.open("#/apps", "Apps and versions");
      browser.evaluate("new Promise((resolve) => setTimeout(() => resolve(true), 6000))");
      assertThat(browser.evaluate("window.trafficReads").asInt()).isZero();
    } finally {
      browser.evaluate("(() => { window.fetch = window.realFetch; return true; })()");
    }
  }

  /**
   * A closed select moved by an arrow key fires 'change' at once in some browsers (Firefox; Chrome
   * 156 opens its list instead): the keydown and that change are played here as such a browser
   * does, in one task. The page stays; Enter opens the policy chosen; a pointer's choice (a change
   * with no key before it) opens it at once.
   */
  @Test
  @Order(4)
  void policySelect_arrowKeyMovesTheChoiceOnly_enterOpensIt() {
    console.open("#/traffic/" + DemoConfig.TRUSTED_POLICY, "Cost chart: web");

    String chosen =
        browser
            .evaluate(
                "(() => { const s = document.getElementById('policy-select'); s.focus();"
                    + " s.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown', bubbles:"
                    + " true})); s.selectedIndex = (s.selectedIndex + 1) % s.options.length;"
                    + " s.dispatchEvent(new Event('input', {bubbles: true}));"
                    + " s.dispatchEvent(new Event('change', {bubbles: true})); return s.value; })()")
            .asText();
    browser.evaluate("new Promise((resolve) => setTimeout(() => resolve(true), 500))");

    assertThat(chosen).isNotEqualTo(DemoConfig.TRUSTED_POLICY);
    assertThat(browser.evaluate("location.hash").asText()).isEqualTo("#/traffic/web");
    assertThat(browser.text("main h1")).isEqualTo("Cost chart: web");
    assertThat(browser.text("#policy-hint")).contains("Press Enter or Show for " + chosen);

    browser.press("Enter", 13);
    browser.waitFor(
        "location.hash === '#/traffic/"
            + chosen
            + "' && document.querySelector('main h1')"
            + " && document.querySelector('main h1').innerText === 'Cost chart: "
            + chosen
            + "'");

    browser.evaluate(
        "(() => { const s = document.getElementById('policy-select'); s.value = 'web';"
            + " s.dispatchEvent(new Event('change', {bubbles: true})); return true; })()");
    browser.waitFor(
        "location.hash === '#/traffic/web' && document.querySelector('main h1')"
            + " && document.querySelector('main h1').innerText"
            + " === 'Cost chart: web' && !document.querySelector('main').hasAttribute('aria-busy')");
  }

  @Test
  @Order(5)
  void unknownRoute_notFound() {
    console.open("#/nowhere/at/all", "Not found");

    assertThat(browser.text("main")).contains("#/nowhere/at/all");
    assertThat(browser.count("#nav a[aria-current]")).isZero();
  }

  @Test
  @Order(6)
  void documentPage_priceHelpStatesTheDeclaredDefaultRule() throws Exception {
    console.open("#/documents/" + console.operationId("CargoList"), "Document CargoList");

    assertThat(browser.text("#price-help"))
        .contains("its declared default ($first: Int = 5) applies first")
        .contains("only when $first is neither given nor declared with a default");
  }

  /** Fourteen refusal codes, answered by a stand-in for fetch: fourteen different fills. */
  @Test
  @Order(7)
  void refusals_fourteenCodes_eachItsOwnFill() {
    StringBuilder refusals = new StringBuilder();
    String[] codes = {
      "COST_ESTIMATED_TOO_EXPENSIVE", "RATE_LIMITED", "PERSISTED_QUERY_NOT_IN_LIST",
      "PERSISTED_QUERY_NOT_FOUND", "MAX_DEPTH_EXCEEDED", "MAX_ALIASES_EXCEEDED",
      "MAX_TOKENS_EXCEEDED", "MAX_FRAGMENTS_EXCEEDED", "MAX_ROOT_FIELDS_EXCEEDED",
      "INTROSPECTION_DISABLED", "BAD_USER_INPUT", "GRAPHQL_VALIDATION_FAILED",
      "UPSTREAM_ERROR", "BUDGET_STORE_UNAVAILABLE"
    };
    for (int i = 0; i < codes.length; i++) {
      refusals.append(i == 0 ? "" : ",").append('"').append(codes[i]).append("\":").append(i + 1);
    }
    String sample =
        "{\"intervalSeconds\":10,\"intervals\":[{\"start\":\"2026-12-03T10:00:00Z\","
            + "\"end\":\"2026-12-03T10:00:10Z\",\"ok\":3,\"refusals\":{"
            + refusals
            + "}}]}";
    browser.evaluate(
        "(() => { window.realFetch = window.realFetch || window.fetch;"
            + " window.fetch = (url, options) => String(url).startsWith('/v1/refusals')"
            + " ? Promise.resolve(new Response("
            + Chromium.quote(sample)
            + ", {status: 200})) : window.realFetch(url, options); return true; })()");
    try {
      console.open("#/refusals", "Refusals over time");
      JsonNode fills =
          browser.evaluate(
              "(() => { const rects = [...document.querySelectorAll(\"svg[data-chart='refusals']"
                  + " rect[data-code]\")];"
                  + " return {codes: rects.length, fills: new Set(rects.map((r) =>"
                  + " r.getAttribute('fill'))).size, top: +document.querySelector(\"svg[data-chart="
                  + "'refusals']\").dataset.axisTop}; })()");
      assertThat(fills.path("codes").asInt()).isEqualTo(14);
      assertThat(fills.path("fills").asInt()).isEqualTo(14);
      // one stacked bar of 1 + 2 + ... + 14 = 105; ticks every ceil(105 / 5) = 21, ending at 105
      assertThat(fills.path("top").asInt()).isEqualTo(105);
      assertThat(browser.count("#refusal-legend .legend-item")).isEqualTo(14);
    } finally {
      browser.evaluate("(() => { window.fetch = window.realFetch; return true; })()");
    }
  }

  @Test
  @Order(8)
  void phone390_noSidewaysScroll_budgetVisible_chartTextReadable() throws Exception {
    console.viewport(390, 844, true);
    try {
      String[][] pages = {
        {"#/apps", "Apps and versions"},
        {"#/policies", "Policies"},
        {"#/traffic/web", "Cost chart: web"},
        {"#/spend", "Operations"},
        {"#/refusals", "Refusals over time"},
        {"#/schemas", "Schemas"},
        {"#/audit", "Audit"},
        {"#/documents/" + console.operationId("CargoList"), "Document CargoList"},
      };
      for (String[] page : pages) {
        console.open(page[0], page[1]);
        assertThat(browser.evaluate("document.documentElement.scrollWidth").asInt())
            .as("page width of %s; wider: %s", page[0], browser.evaluate(WIDER))
            .isLessThanOrEqualTo(390);
        console.screenshot("phone-" + page[0].split("/")[1] + ".png");
        if (page[0].equals("#/policies")) {
          JsonNode budget =
              browser.evaluate(
                  "(() => { const r = document.querySelector(\"#policies tbody td[data-label="
                      + "'Budget capacity']\").getBoundingClientRect();"
                      + " return {left: r.left, right: r.right, width: r.width}; })()");
          assertThat(budget.path("width").asDouble()).isPositive();
          assertThat(budget.path("right").asDouble()).isLessThanOrEqualTo(390);
        }
        if (page[0].startsWith("#/traffic")) {
          // 12-unit text in a viewBox drawn at its own width stays >= 10 px
          double px =
              browser
                  .evaluate(
                      "(() => { const s = document.querySelector(\""
                          + CHART
                          + "\"); return s.getBoundingClientRect().width / s.viewBox.baseVal.width"
                          + " * 12; })()")
                  .asDouble();
          assertThat(px).isGreaterThanOrEqualTo(10);
        }
      }
    } finally {
      console.viewport(1280, 900, false);
    }
  }

  @Test
  @Order(9)
  void fetchFails_bannerAndUnreachablePage_clearedWhenTheServerAnswersAgain() {
    browser.evaluate(
        "(() => { window.realFetch = window.realFetch || window.fetch;"
            + " window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));"
            + " return true; })()");
    try {
      console.open("#/policies", "Server unreachable");
      assertThat(browser.evaluate("document.getElementById('offline').hidden").asBoolean())
          .isFalse();
      assertThat(browser.text("#offline")).contains("The server cannot be reached");
    } finally {
      browser.evaluate("(() => { window.fetch = window.realFetch; return true; })()");
    }

    // retried every 3 s: the banner goes and the page that failed loads
    browser.waitFor(
        "document.getElementById('offline').hidden && document.querySelector('main h1')"
            + " && document.querySelector('main h1').innerText === 'Policies'");
  }

  @Test
  @Order(10)
  void serverStopped_liveChartShowsTheBanner() {
    console.open("#/traffic/" + DemoConfig.TRUSTED_POLICY, "Cost chart: web");
    assertThat(browser.evaluate("document.getElementById('offline').hidden").asBoolean()).isTrue();

    console.stopServer();

    browser.waitFor("!document.getElementById('offline').hidden");
    assertThat(browser.text("#offline")).contains("The server cannot be reached");
    // the chart read before stays, with the time it was read
    assertThat(browser.count(CHART)).isEqualTo(1);
    assertThat(browser.text("#offline")).containsPattern("read at \\d\\d:\\d\\d:\\d\\d UTC");
  }
}
