package dev.tollgate.bench;

import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The load test's baseline: a bare Javalin route that answers every {@code /graphql} request with
 * fixed bytes (the gateway's own response to the same request), so that the gateway's overhead is
 * measured against the HTTP server alone. A POST's body is read, as the gateway must read it.
 * Usage: {@code BareServer PORT BODY_FILE}.
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
              config.routes.get("/graphql", ctx -> write(ctx, body));
              config.routes.post(
                  "/graphql",
                  ctx -> {
                    ctx.bodyAsBytes(); // read the request as the gateway must, then answer
                    write(ctx, body);
                  });
            });
    app.start(port);
  }

  /** As the gateway writes its answers: straight to the stream, not through ctx.result's copy. */
  private static void write(Context ctx, byte[] body) throws IOException {
    ctx.contentType("application/json").outputStream().write(body);
  }
}
