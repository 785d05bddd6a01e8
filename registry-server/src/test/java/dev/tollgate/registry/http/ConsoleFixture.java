package dev.tollgate.registry.http;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.config.DemoConfig;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The embedded demo (with a publish token) on a random port and a headless Chromium signed in to
 * its console, for the console's browser tests; skips the test class when no Chromium is installed.
 */
final class ConsoleFixture implements AutoCloseable {

  final HttpClient http = HttpClient.newHttpClient();
  final ObjectMapper json = new ObjectMapper();
  final RegistryServer server;
  final Chromium browser;
  final String base;
  private boolean serverClosed;

  private ConsoleFixture(RegistryServer server, Chromium browser) {
    this.server = server;
    this.browser = browser;
    this.base = "http://127.0.0.1:" + server.port();
  }

  static ConsoleFixture start(Path temp) throws Exception {
    Optional<Path> binary = Chromium.find();
    assumeTrue(
        binary.isPresent(),
        "no chromium on the PATH (apt-get install chromium) and no TOLLGATE_CHROMIUM");
    RegistryServer server =
        RegistryServer.start(OperatorRoutesTest.demoWithPublishToken(temp.resolve("data")));
    try {
      return new ConsoleFixture(
          server, Chromium.start(binary.get(), temp.resolve("chromium-profile"), 1280, 900));
    } catch (Exception | Error e) {
      server.close();
      throw e;
    }
  }

  /** Stops the server (the browser stays), to see what the console does without it. */
  void stopServer() {
    if (!serverClosed) {
      serverClosed = true;
      server.close();
    }
  }

  @Override
  public void close() {
    browser.close();
    stopServer();
  }

  void signIn(String token) {
    browser.navigate(base + "/console");
    browser.waitFor("document.activeElement && document.activeElement.id === 'token'");
    browser.type(token);
    browser.press("Enter", 13);
    browser.waitFor(
        "!document.getElementById('nav').hidden && document.querySelector('main h1')"
            + " && document.querySelector('main h1').innerText === 'Apps and versions'");
  }

  void signOut() {
    browser.click("#sign-out");
    browser.waitFor("document.getElementById('token')");
  }

  /** Opens {@code hash} and waits until the page with {@code heading} has rendered. */
  void open(String hash, String heading) {
    browser.evaluate("location.hash = " + Chromium.quote(hash));
    browser.waitFor(
        "document.querySelector('main h1') && document.querySelector('main h1').innerText"
            + " === "
            + Chromium.quote(heading)
            + " && !document.querySelector('main').hasAttribute('aria-busy')");
  }

  /** GET with the demo admin token; JSON null for a 404. */
  JsonNode api(String path) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(base + path))
            .header("Authorization", "Bearer " + DemoConfig.ADMIN_TOKEN)
            .build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    return response.statusCode() == 404 ? json.nullNode() : json.readTree(response.body());
  }

  /** POST with the demo admin token; the answer's status. */
  int post(String path, String body) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(base + path))
            .header("Authorization", "Bearer " + DemoConfig.ADMIN_TOKEN)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
  }

  /** A registered document through the gateway with the web key; the answer's status. */
  int gateway(String id, String variables) throws Exception {
    String url =
        base
            + "/graphql?documentId="
            + id
            + "&variables="
            + URLEncoder.encode(variables, StandardCharsets.UTF_8);
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(url))
            .header("X-API-Key", DemoConfig.TRUSTED_KEY)
            .header("Accept", "application/graphql-response+json")
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
  }

  /** The id of the demo manifest's operation {@code name}. */
  String operationId(String name) throws Exception {
    for (JsonNode version : api("/v1/apps").path("apps").get(0).path("versions")) {
      JsonNode contents = api("/v1/apps/cargo-web/versions/" + version.path("version").asText());
      for (JsonNode document : contents.path("documents")) {
        if (document.path("operations").get(0).path("name").asText().equals(name)) {
          return document.path("id").asText();
        }
      }
    }
    throw new AssertionError("no operation " + name + " in the demo manifest");
  }

  /** Saves the page as {@code name} in target/console (where ConsoleBrowserTest puts its own). */
  void screenshot(String name) throws java.io.IOException {
    Path target = Path.of("target", "console");
    java.nio.file.Files.createDirectories(target);
    java.nio.file.Files.write(target.resolve(name), browser.screenshot());
  }

  /** Sets the viewport, as a phone ({@code mobile}) or a desktop. */
  void viewport(int width, int height, boolean mobile) {
    browser.send(
        "Emulation.setDeviceMetricsOverride",
        java.util.Map.of(
            "width", width, "height", height, "deviceScaleFactor", 1, "mobile", mobile));
    browser.waitFor("window.innerWidth === " + width);
  }
}
