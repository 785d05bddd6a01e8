package dev.tollgate.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.admission.UpstreamRequest;
import dev.tollgate.registry.demo.DemoService;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.io.ConnectionStatistics;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;
import org.jspecify.annotations.Nullable;

/**
 * A real upstream for the load test "in front of a real upstream" ({@code
 * benchmarks/load/upstream.sh}): the demo cargo schema executed by graphql-java ({@link
 * DemoService}, with its parsed-document cache) behind a bare Javalin {@code POST /graphql} that
 * takes {@code {query, operationName, variables}} and answers {@code application/json}, over
 * keep-alive HTTP/1.1 (Jetty's default) or HTTP/2 with prior knowledge (h2c, for a gateway with
 * {@code upstream.h2c}) on the same port. {@code GET /stats} answers how many connections were
 * opened, how many GraphQL requests were answered and how many asked for a protocol upgrade, so
 * that the script can show that a caller reuses its connections. A request with {@code
 * X-Upstream-Work-Micros: N} first spends N µs of CPU (at most 100 ms), standing for resolvers that
 * cost more than the demo's in-memory data, so that the upstream, not the caller, is the
 * bottleneck. Usage: {@code UpstreamServer PORT}.
 */
public final class UpstreamServer {

  private static final TypeReference<Map<String, @Nullable Object>> MAP = new TypeReference<>() {};
  private static final long MAX_WORK_MICROS = 100_000;

  private final DemoService demo = new DemoService();
  private final ObjectMapper json = new ObjectMapper();
  private final ConnectionStatistics connections = new ConnectionStatistics();
  private final LongAdder requests = new LongAdder();
  private final LongAdder upgrades = new LongAdder();

  private UpstreamServer() {}

  public static void main(String[] args) {
    new UpstreamServer().start(Integer.parseInt(args[0]));
  }

  private void start(int port) {
    Javalin.create(
            config -> {
              config.startup.showJavalinBanner = false;
              // its own connector, since Javalin adds the default one after modifyServer runs
              config.jetty.addConnector(
                  (server, http) -> {
                    ServerConnector connector =
                        new ServerConnector(
                            server,
                            new HttpConnectionFactory(http),
                            new HTTP2CServerConnectionFactory(http));
                    connector.setPort(port);
                    connector.addBean(connections);
                    return connector;
                  });
              config.routes.post("/graphql", this::graphql);
              config.routes.get("/stats", this::stats);
            })
        .start();
  }

  private void graphql(Context ctx) throws IOException {
    requests.increment();
    if (ctx.header("Upgrade") != null) {
      upgrades.increment();
    }
    work(ctx.header("X-Upstream-Work-Micros"));
    Map<String, @Nullable Object> body = request(ctx.bodyAsBytes());
    if (body == null || !(body.get("query") instanceof String query)) {
      ctx.status(400)
          .contentType("application/json")
          .result("{\"errors\":[{\"message\":\"expected a JSON object with a query\"}]}");
      return;
    }
    @SuppressWarnings("unchecked")
    Map<String, @Nullable Object> variables =
        body.get("variables") instanceof Map<?, ?> given
            ? (Map<String, @Nullable Object>) given
            : Map.of();
    String operationName =
        body.get("operationName") instanceof String name && !name.isEmpty() ? name : null;
    var answer = demo.execute(new UpstreamRequest(query, operationName, variables));
    ctx.contentType("application/json").result(json.writeValueAsBytes(answer.body().asMap()));
  }

  /** Spends {@code micros} of CPU, as a resolver would: a busy wait, not a sleep. */
  private static void work(@Nullable String micros) {
    if (micros == null) {
      return;
    }
    long nanos = 1_000 * Math.min(MAX_WORK_MICROS, Math.max(0, Long.parseLong(micros.trim())));
    long end = System.nanoTime() + nanos;
    while (System.nanoTime() < end) {
      Thread.onSpinWait();
    }
  }

  private @Nullable Map<String, @Nullable Object> request(byte[] bytes) {
    try {
      return json.readValue(bytes, MAP);
    } catch (IOException e) {
      return null;
    }
  }

  private void stats(Context ctx) throws IOException {
    Map<String, Long> stats =
        Map.of(
            "connectionsOpened", connections.getConnectionsTotal(),
            "connectionsOpen", connections.getConnections(),
            "requests", requests.sum(),
            "upgrades", upgrades.sum());
    ctx.contentType("application/json").result(json.writeValueAsBytes(stats));
  }
}
