package dev.tollgate.bench;

import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The load test's baseline: a bare Javalin route that answers every {@code /graphql} request with
 * fixed bytes (the gateway's own answer to the same request), so that the gateway's overhead is
 * measured against the HTTP server alone. A POST's body is read, as the gateway must read it.
 *
 * <p>Usage: {@code BareServer PORT FILE_OR_DIR}. With a file, every request gets its bytes. With a
 * directory, {@code NAME.answer} is what {@code ?answer=NAME} gets, and {@code get.answer} what a
 * request without it gets: one warm server answers every scenario of the load test.
 */
public final class BareServer {

  private BareServer() {}

  public static void main(String[] args) throws IOException {
    int port = Integer.parseInt(args[0]);
    Map<String, byte[]> answers = answers(Path.of(args[1]));
    byte[] fallback = answers.get("get");
    Javalin app =
        Javalin.create(
            config -> {
              config.startup.showJavalinBanner = false;
              config.routes.get("/graphql", ctx -> write(ctx, answer(ctx, answers, fallback)));
              config.routes.post(
                  "/graphql",
                  ctx -> {
                    ctx.bodyAsBytes(); // read the request as the gateway must, then answer
                    write(ctx, answer(ctx, answers, fallback));
                  });
            });
    app.start(port);
  }

  private static Map<String, byte[]> answers(Path path) throws IOException {
    Map<String, byte[]> answers = new HashMap<>();
    if (!Files.isDirectory(path)) {
      answers.put("get", Files.readAllBytes(path));
      return answers;
    }
    try (Stream<Path> files = Files.list(path)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        String name = file.getFileName().toString();
        if (name.endsWith(".answer")) {
          answers.put(
              name.substring(0, name.length() - ".answer".length()), Files.readAllBytes(file));
        }
      }
    }
    if (!answers.containsKey("get")) {
      throw new IllegalArgumentException("no get.answer in " + path);
    }
    return answers;
  }

  private static byte[] answer(Context ctx, Map<String, byte[]> answers, byte[] fallback) {
    String name = ctx.queryParam("answer");
    return name == null ? fallback : answers.getOrDefault(name, fallback);
  }

  /** As the gateway writes its answers: straight to the stream, not through ctx.result's copy. */
  private static void write(Context ctx, byte[] body) throws IOException {
    ctx.contentType("application/json").outputStream().write(body);
  }
}
