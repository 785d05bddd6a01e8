package dev.tollgate.registry.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

final class HttpUpstreamTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final UpstreamRequest REQUEST =
      new UpstreamRequest(
          "query Q($n: Int) { cargos(first: $n) { edges { cursor } } }", "Q", Map.of("n", 2));

  private final AtomicReference<String> received = new AtomicReference<>();
  private Javalin server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop();
    }
  }

  @Test
  void execute_graphqlAnswer_postsPlainRequestAndReadsBody() throws Exception {
    start("application/json", "{\"data\":{\"cargos\":{\"edges\":[]}}}", 200);

    UpstreamResponse response = upstream(Duration.ofSeconds(5)).execute(REQUEST);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.body()).containsKey("data");
    assertThat(JSON.readTree(received.get()))
        .isEqualTo(
            JSON.readTree(
                "{\"query\":\"query Q($n: Int) { cargos(first: $n) { edges { cursor } } }\",\"operationName\":\"Q\",\"variables\":{\"n\":2}}"));
  }

  @Test
  void execute_errorStatusWithGraphqlBody_passesThrough() {
    start("application/json", "{\"errors\":[{\"message\":\"boom\"}]}", 400);

    assertThat(upstream(Duration.ofSeconds(5)).execute(REQUEST).status()).isEqualTo(400);
  }

  @Test
  void execute_notJson_throwsUpstreamException() {
    start("text/html", "<html>bad gateway</html>", 502);

    assertThatThrownBy(() -> upstream(Duration.ofSeconds(5)).execute(REQUEST))
        .isInstanceOf(UpstreamException.class)
        .hasMessageContaining("not JSON");
  }

  @Test
  void execute_jsonWithoutDataOrErrors_throwsUpstreamException() {
    start("application/json", "{\"hello\":1}", 200);

    assertThatThrownBy(() -> upstream(Duration.ofSeconds(5)).execute(REQUEST))
        .isInstanceOf(UpstreamException.class);
  }

  @Test
  void execute_silentServer_timesOut() throws IOException {
    try (ServerSocket silent = new ServerSocket(0)) {
      Thread acceptor = new Thread(() -> hold(silent));
      acceptor.setDaemon(true);
      acceptor.start();
      HttpUpstream upstream =
          new HttpUpstream(
              URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/graphql"),
              Duration.ofMillis(300),
              JSON);

      assertThatThrownBy(() -> upstream.execute(REQUEST))
          .isInstanceOf(UpstreamException.class)
          .hasMessageContaining("timed out");
    }
  }

  @Test
  void execute_nothingListening_throwsUpstreamException() throws IOException {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    HttpUpstream upstream =
        new HttpUpstream(
            URI.create("http://127.0.0.1:" + port + "/graphql"), Duration.ofSeconds(2), JSON);

    assertThatThrownBy(() -> upstream.execute(REQUEST)).isInstanceOf(UpstreamException.class);
  }

  private static void hold(ServerSocket socket) {
    try (Socket ignored = socket.accept()) {
      ignored.getInputStream().readAllBytes();
    } catch (IOException e) {
      // the test closed the socket
    }
  }

  private void start(String contentType, String body, int status) {
    server =
        Javalin.create(
                config ->
                    config.routes.post(
                        "/graphql",
                        ctx -> {
                          received.set(ctx.body());
                          ctx.status(status).contentType(contentType).result(body);
                        }))
            .start(0);
  }

  private HttpUpstream upstream(Duration timeout) {
    return new HttpUpstream(
        URI.create("http://localhost:" + server.port() + "/graphql"), timeout, JSON);
  }
}
