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
 * Issue 26, item 3: the console's schemas page in headless Chromium against the embedded demo. The
 * schema tried here is the demo's without {@code Delivery.eta}. Of the demo manifest's 7 active
 * operations (CargoDashboard, CargoList, HandlingEventDetail, HandlingEvents, LocationLookup,
 * RegisterHandlingEvent, TrackCargo), CargoDashboard and TrackCargo select {@code delivery { eta
 * }}: 2 broken, and the 5 others priced as before: 5 unchanged, 0 dearer, 0 cheaper, 0 over the
 * limit. The SDL diff of the two is the one removed line.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
final class ConsoleSchemasBrowserTest {

  private static final String NO_ETA =
      RegistryTestServer.CARGO_SCHEMA.replace("  eta: DateTime\n", "");
  private static final String SUMMARY =
      "Of 7 active operations, 0 get dearer, 0 cheaper, 5 unchanged, 2 broken";

  private ConsoleFixture console;
  private Chromium browser;
  private String original;

  @BeforeAll
  void start(@TempDir Path temp) throws Exception {
    console = ConsoleFixture.start(temp);
    browser = console.browser;
    original = console.api("/v1/schemas").path("active").asText();
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
  void schemasPage_listsTheStoredSchemaMarkedActive() {
    console.open("#/schemas", "Schemas");

    assertThat(browser.count("#schemas tbody tr")).isEqualTo(1);
    String row = "#schemas tbody tr[data-fingerprint='" + original + "'] ";
    assertThat(browser.text(row + ".badge-active")).isEqualTo("active");
    // the active schema offers no activation of itself
    assertThat(browser.count(row + "button[data-activate]")).isZero();
  }

  @Test
  @Order(2)
  void dryRun_pastedSchema_impactRowsAndSummaryCounts() throws Exception {
    browser.evaluate("(() => { document.getElementById('dry-run-sdl').focus(); return true; })()");
    browser.type(NO_ETA);
    browser.click("form.dry-run button[type='submit']");
    browser.waitFor("document.querySelector('#impact tbody tr')");

    assertThat(browser.count("#impact tbody tr")).isEqualTo(7);
    assertThat(browser.text("#impact-summary li[data-status='broken']")).isEqualTo("2 broken");
    assertThat(browser.text("#impact-summary li[data-status='unchanged']"))
        .isEqualTo("5 unchanged");
    assertThat(browser.text("#impact-summary li[data-status='dearer']")).isEqualTo("0 dearer");
    assertThat(browser.text("#dry-run-result")).contains(SUMMARY).contains("(not stored)");
    // sorted by status, descending: "unchanged" rows first, the two "broken" last
    browser.click("#impact thead th:nth-child(4) button");
    browser.click("#impact thead th:nth-child(4) button");
    assertThat(browser.text("#impact th[aria-sort='descending']")).isEqualTo("Status");
    assertThat(browser.text("#impact tbody tr:last-child")).contains("broken");
    assertThat(browser.text("#impact tbody tr:first-child")).contains("unchanged");
    assertThat(browser.count("#schemas tbody tr")).isEqualTo(1);
    console.screenshot("schemas-dry-run.png");
  }

  @Test
  @Order(3)
  void dryRun_markupInTheSchema_shownAsTextNeverParsed() {
    browser.evaluate(
        "(() => { const t = document.getElementById('dry-run-sdl'); t.value = '';"
            + " t.focus(); return true; })()");
    browser.type("type Query { <img src=x id=injected> }");
    browser.click("form.dry-run button[type='submit']");
    browser.waitFor("document.querySelector('#dry-run-result .error')");

    assertThat(browser.count("#injected")).isZero();
    assertThat(browser.count("#dry-run-result img")).isZero();
  }

  @Test
  @Order(4)
  void storeThenDiff_theOneRemovedLine() throws Exception {
    browser.evaluate(
        "(() => { const t = document.getElementById('dry-run-sdl'); t.value = '';"
            + " t.focus(); return true; })()");
    browser.type(NO_ETA);
    browser.click("form.dry-run button[type='submit']");
    browser.click("#store-schema");
    browser.waitFor("document.querySelectorAll('#schemas tbody tr').length === 2");
    String stored = storedFingerprint();

    browser.click("#schemas tbody tr[data-fingerprint='" + stored + "'] a");
    browser.waitFor("document.querySelector('#diff-summary')");

    assertThat(browser.text("#diff-summary")).startsWith("0 lines added, 1 removed");
    assertThat(browser.count("#schema-diff [data-kind='removed']")).isEqualTo(1);
    console.screenshot("schemas-diff.png");
    assertThat(browser.text("#schema-diff [data-kind='removed']")).contains("-   eta: DateTime");
  }

  @Test
  @Order(5)
  void activate_confirmationStatesTheSummary_activeAfterConfirming() throws Exception {
    String stored = storedFingerprint();

    browser.click("button[data-activate='" + stored + "']");
    browser.waitFor("document.getElementById('confirm').open");

    assertThat(browser.text("#confirm-title"))
        .isEqualTo("Activate schema " + stored.substring(0, 12) + "?");
    assertThat(browser.text("#confirm-text")).contains(SUMMARY).contains("?force=true");
    assertThat(browser.text("#confirm-ok")).isEqualTo("Activate anyway");
    console.screenshot("schemas-activate.png");
    // nothing switched before the confirmation
    assertThat(console.api("/v1/schemas").path("active").asText()).isEqualTo(original);

    browser.click("#confirm-ok");
    browser.waitFor(
        "document.querySelector(\"#schemas tr[data-fingerprint='" + stored + "'] .badge-active\")");
    assertThat(console.api("/v1/schemas").path("active").asText()).isEqualTo(stored);
  }

  @Test
  @Order(6)
  void rollBack_cancelKeepsTheActive_confirmSwitchesBack() throws Exception {
    String stored = storedFingerprint();
    String button = "button[data-activate='" + original + "']";
    assertThat(browser.text(button)).isEqualTo("Roll back");

    browser.click(button);
    browser.waitFor("document.getElementById('confirm').open");
    assertThat(browser.text("#confirm-title"))
        .isEqualTo("Roll back to schema " + original.substring(0, 12) + "?");
    assertThat(browser.text("#confirm-text"))
        .contains("Of 7 active operations")
        .contains("0 broken");
    browser.click("#confirm-cancel");
    browser.waitFor("!document.getElementById('confirm').open");
    assertThat(console.api("/v1/schemas").path("active").asText()).isEqualTo(stored);

    browser.click(button);
    browser.waitFor("document.getElementById('confirm').open");
    browser.click("#confirm-ok");
    browser.waitFor(
        "document.querySelector(\"#schemas tr[data-fingerprint='"
            + original
            + "'] .badge-active\")");
    assertThat(console.api("/v1/schemas").path("active").asText()).isEqualTo(original);
  }

  @Test
  @Order(7)
  void publishToken_needsAnAdminTokenLine() {
    console.signOut();
    console.signIn(OperatorRoutesTest.PUBLISH_TOKEN);

    console.open("#/schemas", "Schemas");

    assertThat(browser.text("main .empty")).contains("Needs an admin token");
    assertThat(browser.count("#schemas")).isZero();
  }

  private String storedFingerprint() throws Exception {
    for (JsonNode schema : console.api("/v1/schemas").path("schemas")) {
      if (!schema.path("fingerprint").asText().equals(original)) {
        return schema.path("fingerprint").asText();
      }
    }
    throw new AssertionError("the schema without eta is not stored");
  }
}
