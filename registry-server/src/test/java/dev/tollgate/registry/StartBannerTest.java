package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.config.ConfigLoader;
import dev.tollgate.registry.config.ServerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The start banner's lines for a config file, as {@code ServerCommand} prints them. */
final class StartBannerTest {

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
