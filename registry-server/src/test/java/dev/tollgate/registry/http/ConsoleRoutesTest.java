package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.RegistryServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The console's files: served from the jar, with no token, under a strict security policy. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class ConsoleRoutesTest {

  private final HttpClient http = HttpClient.newHttpClient();
  private RegistryServer server;

  @BeforeAll
  void start(@TempDir Path temp) {
    server = RegistryServer.start(OperatorRoutesTest.demoWithPublishToken(temp.resolve("data")));
  }

  @AfterAll
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private HttpResponse<String> get(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void console_page_htmlLoadingItsModuleFromThisOrigin() throws Exception {
    for (String path : new String[] {"/console", "/console/", "/console/index.html"}) {
      HttpResponse<String> page = get(path);

      assertThat(page.statusCode()).as(path).isEqualTo(200);
      assertThat(page.headers().firstValue("Content-Type").orElseThrow().replace(" ", ""))
          .isEqualTo("text/html;charset=utf-8");
      assertThat(page.body()).contains("<script type=\"module\" src=\"/console/app.js\">");
      assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow())
          .contains("default-src 'self'")
          .contains("script-src 'self'")
          .doesNotContain("unsafe");
    }
  }

  @Test
  void console_everyFile_servedWithItsType() throws Exception {
    for (String file : ConsoleRoutes.FILES) {
      HttpResponse<String> asset = get("/console/" + file);

      assertThat(asset.statusCode()).as(file).isEqualTo(200);
      assertThat(asset.body()).as(file).isNotBlank();
      String type = asset.headers().firstValue("Content-Type").orElseThrow();
      if (file.endsWith(".js")) {
        assertThat(type.replace(" ", "")).as(file).isEqualTo("text/javascript;charset=utf-8");
      }
      assertThat(asset.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
    }
  }

  /** Issue 27: the audit page is served, linked from the nav and never writes markup. */
  @Test
  void console_auditPage_servedLinkedAndTextOnly() throws Exception {
    HttpResponse<String> audit = get("/console/audit.js");
    HttpResponse<String> pages = get("/console/pages.js");
    HttpResponse<String> index = get("/console/index.html");

    assertThat(audit.statusCode()).isEqualTo(200);
    assertThat(audit.body()).contains("/v1/audit?").doesNotContain("innerHTML");
    assertThat(audit.headers().firstValue("Content-Security-Policy")).isPresent();
    assertThat(pages.body()).contains("from './audit.js'");
    assertThat(index.body()).contains("<a href=\"#/audit\">Audit</a>");
  }

  @Test
  void console_noUrlToOtherOrigins_worksOffline() throws Exception {
    for (String file : ConsoleRoutes.FILES) {
      assertThat(get("/console/" + file).body()).as(file).doesNotContain("https://", "//cdn");
    }
  }

  @Test
  void console_unknownFile_404NamingIt() throws Exception {
    HttpResponse<String> missing = get("/console/secrets.js");

    assertThat(missing.statusCode()).isEqualTo(404);
    assertThat(missing.body()).isEqualTo("no console file secrets.js");
  }
}
