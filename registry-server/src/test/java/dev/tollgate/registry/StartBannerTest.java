package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.config.ConfigLoader;
import dev.tollgate.registry.config.ServerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The start banner: where the server listens and who can reach it, and the config's lines. */
final class StartBannerTest {

  @Test
  void where_loopback_thisMachineOnly() {
    assertThat(StartBanner.where("127.0.0.1", 8080))
        .isEqualTo("http://127.0.0.1:8080 (this machine only)");
    assertThat(StartBanner.where("localhost", 8080))
        .isEqualTo("http://localhost:8080 (this machine only)");
    assertThat(StartBanner.where("::1", 8080)).isEqualTo("http://[::1]:8080 (this machine only)");
  }

  @Test
  void where_anyAddress_allInterfaces() {
    assertThat(StartBanner.where("0.0.0.0", 8080))
        .isEqualTo("http://0.0.0.0:8080 (all interfaces)");
    assertThat(StartBanner.where("::", 8080)).isEqualTo("http://[::]:8080 (all interfaces)");
  }

  @Test
  void where_oneAddress_asItIs() {
    // TEST-NET-3 (RFC 5737): a literal, so nothing is looked up
    assertThat(StartBanner.where("203.0.113.7", 9000)).isEqualTo("http://203.0.113.7:9000");
  }

  @TempDir Path dir;

  @Test
  void lines_defaultUpstream_cacheKeyLineNamesKeyedAndUnkeyedHeaders() throws IOException {
    String banner = StartBanner.lines(load("{}"), 8080, 0, false, "test");

    assertThat(banner)
        .contains(
            "\n  cache key on authorization, cookie, accept-language; not on traceparent,"
                + " tracestate, baggage, x-request-id (upstream.unkeyedHeaders)\n");
  }

  @Test
  void lines_acceptLanguageUnkeyedByName_namedAsUnkeyed() throws IOException {
    String banner =
        StartBanner.lines(
            load("{\"upstream\": {\"unkeyedHeaders\": [\"Accept-Language\", \"x-request-id\"]}}"),
            8080,
            0,
            false,
            "test");

    assertThat(banner)
        .contains(
            "\n  cache key on authorization, cookie, traceparent, tracestate, baggage; not on"
                + " accept-language, x-request-id (upstream.unkeyedHeaders)\n");
  }

  private ServerConfig load(String json) throws IOException {
    return ConfigLoader.load(Files.writeString(dir.resolve("tollgate.json"), json), 0, null);
  }
}
