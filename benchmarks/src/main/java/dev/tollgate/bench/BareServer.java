package dev.tollgate.bench;

import io.javalin.Javalin;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The load test's baseline: a bare Javalin route that answers every {@code /graphql} request with
 * fixed bytes (the gateway's own response to the same request), so that the gateway's overhead is
 * measured against the HTTP server alone. Usage: {@code BareServer PORT BODY_FILE}.
 */
public final class BareServer {

  private BareServer() {}

  public static void main(String[] args) throws IOException {
    int port = Integer.parseInt(args[0]);
    byte[] body = Files.readAllBytes(Path.of(args[1]));
    Javalin app =
        Javalin.create(
            config -> {
              config.startup.showJavalinBanner = false;
              config.routes.get(
                  "/graphql", ctx -> ctx.contentType("application/json").result(body));
              config.routes.post(
                  "/graphql", ctx -> ctx.contentType("application/json").result(body));
            });
    app.start(port);
  }
}
