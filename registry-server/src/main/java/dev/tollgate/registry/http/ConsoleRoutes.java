package dev.tollgate.registry.http;

import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The operator's web console at {@code /console}: a few static files (HTML, CSS, small JavaScript
 * modules, no build step and nothing fetched from elsewhere) read once from the jar's {@code
 * dev/tollgate/registry/console/} and served from memory. The page itself holds no data: it signs
 * in with a {@code /v1} bearer token (kept in the browser's session storage) and reads the {@code
 * /v1} routes with it. A strict Content-Security-Policy allows this origin only. {@code GET /}
 * redirects here.
 */
public final class ConsoleRoutes {

  static final String RESOURCES = "dev/tollgate/registry/console/";

  /** Every file of the console; nothing else under {@code /console/} is served. */
  static final List<String> FILES =
      List.of(
          "index.html",
          "console.css",
          "app.js",
          "api.js",
          "pages.js",
          "answers.js",
          "live.js",
          "schemas.js",
          "impact.js",
          "charts.js",
          "dom.js",
          "audit.js");

  private static final String SECURITY_POLICY =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
          + " connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

  private final Map<String, Asset> assets = new LinkedHashMap<>();

  public ConsoleRoutes() {
    for (String file : FILES) {
      assets.put(file, new Asset(contentType(file), read(RESOURCES + file)));
    }
  }

  public void register(JavalinConfig config) {
    config.routes.get("/", ConsoleRoutes::root);
    config.routes.get("/console", ctx -> serve(ctx, "index.html"));
    config.routes.get("/console/", ctx -> serve(ctx, "index.html"));
    config.routes.get("/console/{file}", ctx -> serve(ctx, ctx.pathParam("file")));
  }

  /** A browser lands on the console; curl reads where everything is. */
  private static void root(Context ctx) {
    ctx.status(HttpStatus.FOUND).header("Location", "/console/").json(RootBody.ROUTES);
  }

  private void serve(Context ctx, String file) {
    Asset asset = assets.get(file);
    ctx.header("Cache-Control", "no-cache");
    ctx.header("X-Content-Type-Options", "nosniff");
    if (asset == null) {
      ctx.status(404).contentType("text/plain; charset=utf-8").result("no console file " + file);
      return;
    }
    ctx.header("Content-Security-Policy", SECURITY_POLICY);
    ctx.header("Referrer-Policy", "no-referrer");
    ctx.contentType(asset.contentType()).result(asset.bytes());
  }

  private static String contentType(String file) {
    if (file.endsWith(".html")) {
      return "text/html; charset=utf-8";
    }
    if (file.endsWith(".css")) {
      return "text/css; charset=utf-8";
    }
    return "text/javascript; charset=utf-8";
  }

  private static byte[] read(String name) {
    try (InputStream in = ConsoleRoutes.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the console file " + name + " is not in the jar");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private record Asset(String contentType, byte[] bytes) {}

  /** Where things are: the body of {@code GET /}'s redirect to the console. */
  record RootBody(String console, String registry, String graphql, String health, String metrics) {
    static final RootBody ROUTES =
        new RootBody("/console/", "/v1", "/graphql", "/health", "/metrics");
  }
}
