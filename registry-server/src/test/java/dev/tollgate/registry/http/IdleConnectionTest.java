package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * {@code http.bodyReadTimeoutMillis} (default 5 s) closes a connection that sends nothing: one idle
 * after its answer, as a kept-alive client leaves it. Javalin made its connector after our server
 * settings ran, so it kept Jetty's 30 s until JettyBounds added the connector itself.
 */
final class IdleConnectionTest {

  @AutoClose private final GatewayHarness gateway = GatewayHarness.start();

  @Test
  void idleKeptAliveConnection_closedAfterTheBodyReadTimeout() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", gateway.port())) {
      socket.setSoTimeout(15_000); // past the bound below, short of Jetty's own 30 s
      socket
          .getOutputStream()
          .write(
              "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                  .getBytes(StandardCharsets.US_ASCII));
      InputStream in = socket.getInputStream();
      long answered = 0;
      int b;
      while ((b = in.read()) != -1) {
        if (answered == 0) {
          answered = System.nanoTime(); // the first byte of the answer; then the connection idles
        }
      }
      long idleMillis = (System.nanoTime() - answered) / 1_000_000;

      assertThat(idleMillis).isBetween(4_000L, 10_000L);
    }
  }
}
