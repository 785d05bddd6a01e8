package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * {@code /graphql} answers are compressed as Javalin compresses them (gzip, from 1,500 bytes, when
 * the client accepts it), though a smaller answer is written without Javalin's compressing stream.
 */
final class GatewayCompressionTest {

  private static final GatewayHarness gateway = GatewayHarness.start();
  private static final HttpClient client = HttpClient.newHttpClient();

  @AfterAll
  static void close() {
    gateway.close();
  }

  @Test
  void post_answerOf1500BytesOrMore_gzippedForAClientThatAcceptsIt() throws Exception {
    String viewer = "v".repeat(3_000); // the fake upstream's data names it: the answer passes 3 KB
    gateway.upstream.answeringFor(viewer);
    try {
      HttpResponse<byte[]> answer = post();

      assertThat(answer.statusCode()).isEqualTo(200);
      assertThat(answer.headers().firstValue("Content-Encoding")).hasValue("gzip");
      assertThat(answer.body().length).isLessThan(3_000);
      assertThat(gunzip(answer.body())).contains("\"viewer\":\"" + viewer + "\"");
    } finally {
      gateway.upstream.answeringFor(null);
    }
  }

  @Test
  void post_answerUnder1500Bytes_writtenAsItIs() throws Exception {
    HttpResponse<byte[]> answer = post();

    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(answer.headers().firstValue("Content-Encoding")).isEmpty();
    assertThat(new String(answer.body(), StandardCharsets.UTF_8))
        .startsWith("{\"data\":{\"operationName\":null}");
  }

  private static HttpResponse<byte[]> post() throws IOException, InterruptedException {
    HttpRequest request =
        gateway
            .request("/graphql", "partner-key")
            .header("Content-Type", "application/json")
            .header("Accept-Encoding", "gzip")
            .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"{ __typename }\"}"))
            .build();
    return client.send(request, HttpResponse.BodyHandlers.ofByteArray());
  }

  private static String gunzip(byte[] body) {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
