package dev.tollgate.registry.upstream;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * A real HTTP/2 upstream with prior knowledge only (h2c, Jetty), for {@code upstream.h2c}: answers
 * every request with one status and body (after an optional delay) and keeps what it saw of each.
 */
public final class H2cServer implements AutoCloseable {

  /** What the server saw of a request: its protocol, two headers and its body. */
  public record Seen(String protocol, String authorization, String accept, String body) {}

  private final List<Seen> seen = new CopyOnWriteArrayList<>();
  private final Server server = new Server();
  private final ServerConnector connector;

  private H2cServer(int status, String body, long delayMillis) throws Exception {
    connector =
        new ServerConnector(server, new HTTP2CServerConnectionFactory(new HttpConfiguration()));
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    server.addConnector(connector);
    server.setHandler(
        new Handler.Abstract() {
          @Override
          public boolean handle(Request request, Response response, Callback callback)
              throws Exception {
            seen.add(
                new Seen(
                    request.getConnectionMetaData().getProtocol(),
                    request.getHeaders().get("authorization"),
                    request.getHeaders().get("accept"),
                    Content.Source.asString(request, StandardCharsets.UTF_8)));
            if (delayMillis > 0) {
              Thread.sleep(delayMillis);
            }
            response.setStatus(status);
            response.getHeaders().put("Content-Type", "application/json");
            response.getHeaders().put("X-Answered-By", "h2c");
            Content.Sink.write(response, true, body, callback);
            return true;
          }
        });
    server.start();
  }

  /**
   * Started on a free port, answering {@code status} and {@code body} after {@code delayMillis}.
   */
  public static H2cServer start(int status, String body, long delayMillis) throws Exception {
    return new H2cServer(status, body, delayMillis);
  }

  public URI uri() {
    return URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/graphql");
  }

  /** The requests seen so far, in order. */
  public List<Seen> seen() {
    return List.copyOf(seen);
  }

  /** The connections open now. */
  public int connections() {
    return connector.getConnectedEndPoints().size();
  }

  @Override
  public void close() throws Exception {
    server.stop();
  }
}
