package dev.tollgate.registry.issues;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10, item 3: distinct valid open-mode documents padded with big comments used to be kept
 * whole in the open-mode cache (0.87 MB retained each for a 900 KB comment; 2,000 of them: 1.7 GB,
 * and persistent {@code OutOfMemoryError} 500s under {@code -Xmx1g}). Now the cache holds analyses
 * weighed in bytes and the texts are bounded apart (and so are the demo upstream's parsed
 * documents, which kept the last 1,000 texts whole): under a 64 MB heap, 400 texts of 120 KB (48 MB
 * in all) are each answered 200, and the heap after a full GC grows by no more than the caches'
 * budgets.
 */
final class Issue10OpenCacheFloodTest {

  private static final int TEXTS = 400;

  /** The demo upstream's parsed documents (DemoService). */
  private static final long DEMO_CACHE_BYTES = 8L << 20;

  private static final long OPEN_CACHE_BYTES = 4L << 20;
  private static final long TEXT_CACHE_BYTES = 2L << 20;

  private static final String CONFIG =
      """
      {"gateway": {"openCacheBytes": %d, "openTextCacheBytes": %d},
       "keys": {"flood-key": {"mode": "open", "apps": ["*"],
                              "budget": {"capacity": 100000000, "refillPerSecond": 1000000}}}}
      """
          .formatted(OPEN_CACHE_BYTES, TEXT_CACHE_BYTES);

  @TempDir Path temp;

  @Test
  void flood_distinctPaddedTexts_answered200AndTheHeapStaysWithinTheCacheBudget() throws Exception {
    try (ChildServer server =
        ChildServer.start(temp, List.of("-Xmx64m", "-XX:+UseSerialGC"), CONFIG)) {
      assertThat(post(server, text(-1)).statusCode()).isEqualTo(200);
      long before = server.heapAfterFullGc();

      int ok = 0;
      for (int i = 0; i < TEXTS; i++) {
        HttpResponse<String> response = post(server, text(i));
        assertThat(response.statusCode()).as("text %d: %s", i, response.body()).isEqualTo(200);
        ok++;
      }
      long after = server.heapAfterFullGc();

      assertThat(ok).isEqualTo(TEXTS);
      // before the fix every text stayed (48 MB, with the server's own ~20 MB over the heap);
      // now the three caches hold at most 14 MiB by their weights (texts weigh two bytes a
      // character, they take one), and 4 MiB more is slack for the JVM's own growth
      assertThat(after - before)
          .as("heap after GC: %d before, %d after", before, after)
          .isLessThan(OPEN_CACHE_BYTES + TEXT_CACHE_BYTES + DEMO_CACHE_BYTES + (4L << 20));
    }
  }

  /** A distinct valid document: a distinct alias, then a 120,000-character comment. */
  private static String text(int i) {
    return "{ c"
        + (i + 1)
        + ": cargos(first: 1) { edges { node { trackingId } } } }\n#"
        + "x".repeat(120_000);
  }

  private static HttpResponse<String> post(ChildServer server, String text) throws Exception {
    String body =
        "{\"query\":"
            + com.fasterxml.jackson.databind.json.JsonMapper.builder()
                .build()
                .writeValueAsString(text)
            + "}";
    return server.send(
        HttpRequest.newBuilder(server.uri("/graphql"))
            .header("X-API-Key", "flood-key")
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }
}
