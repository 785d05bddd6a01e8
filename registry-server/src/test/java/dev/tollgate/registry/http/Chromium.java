package dev.tollgate.registry.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A headless Chromium driven over the Chrome DevTools Protocol with Java's own WebSocket client (no
 * browser-automation dependency): navigate, evaluate JavaScript, click and type as input events,
 * take screenshots. One page, a fresh profile in a temporary folder, killed on close.
 */
final class Chromium implements AutoCloseable {

  private static final Duration START = Duration.ofSeconds(90);
  private static final Duration COMMAND = Duration.ofSeconds(60);

  private final ObjectMapper json = new ObjectMapper();
  private final Process process;
  private final Path profile;
  private final WebSocket socket;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();

  private Chromium(Path binary, Path profile, int width, int height) throws IOException {
    this.profile = profile;
    this.process =
        new ProcessBuilder(
                binary.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
                "--user-data-dir=" + profile,
                "--window-size=" + width + "," + height,
                "about:blank")
            .redirectErrorStream(true)
            .redirectOutput(profile.resolveSibling(profile.getFileName() + ".log").toFile())
            .start();
    try {
      this.socket = connect(pageUrl(debuggingPort()));
      send(
          "Emulation.setDeviceMetricsOverride",
          Map.of("width", width, "height", height, "deviceScaleFactor", 1, "mobile", false));
    } catch (IOException | RuntimeException e) {
      process.destroyForcibly();
      throw e;
    }
  }

  /**
   * The Chromium binary: {@code TOLLGATE_CHROMIUM} when set (a path; one that is not executable
   * means none), else {@code chromium} (Debian's package), {@code chromium-browser} or {@code
   * google-chrome} on the PATH.
   */
  static Optional<Path> find() {
    String configured = System.getenv("TOLLGATE_CHROMIUM");
    if (configured != null) {
      Path path = Path.of(configured);
      return Files.isExecutable(path) ? Optional.of(path) : Optional.empty();
    }
    for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
      for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
        Path candidate = Path.of(dir, name);
        if (Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  static Chromium start(Path binary, Path profile, int width, int height) throws IOException {
    Files.createDirectories(profile);
    return new Chromium(binary, profile, width, height);
  }

  /* ---- the protocol ---- */

  JsonNode send(String method, Map<String, ?> params) {
    int id = ids.incrementAndGet();
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    pending.put(id, answer);
    ObjectNode message = json.createObjectNode().put("id", id).put("method", method);
    message.set("params", json.valueToTree(params));
    socket.sendText(message.toString(), true).join();
    try {
      JsonNode reply = answer.get(COMMAND.toSeconds(), TimeUnit.SECONDS);
      if (reply.has("error")) {
        throw new IllegalStateException(method + " failed: " + reply.get("error"));
      }
      return reply.path("result");
    } catch (Exception e) {
      throw new IllegalStateException(method + " got no answer: " + e, e);
    } finally {
      pending.remove(id);
    }
  }

  private WebSocket connect(String url) {
    WebSocket.Listener listener =
        new WebSocket.Listener() {
          private final StringBuilder frame = new StringBuilder();

          @Override
          public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            frame.append(data);
            if (last) {
              receive(frame.toString());
              frame.setLength(0);
            }
            ws.request(1);
            return null;
          }
        };
    return HttpClient.newHttpClient()
        .newWebSocketBuilder()
        .connectTimeout(COMMAND)
        .buildAsync(URI.create(url), listener)
        .join();
  }

  private void receive(String text) {
    try {
      JsonNode message = json.readTree(text);
      CompletableFuture<JsonNode> answer = pending.get(message.path("id").asInt(-1));
      if (answer != null) {
        answer.complete(message);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The port Chromium picked, from the {@code DevToolsActivePort} file it writes at start. */
  private int debuggingPort() throws IOException {
    Path file = profile.resolve("DevToolsActivePort");
    long deadline = System.nanoTime() + START.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("chromium exited with " + process.exitValue());
      }
      if (Files.exists(file)) {
        List<String> lines = Files.readAllLines(file);
        if (!lines.isEmpty() && !lines.get(0).isBlank()) {
          return Integer.parseInt(lines.get(0).trim());
        }
      }
      pause(100);
    }
    throw new IOException("chromium did not open its debugging port within " + START);
  }

  private String pageUrl(int port) throws IOException {
    HttpClient client = HttpClient.newHttpClient();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list")).build();
    try {
      for (JsonNode target :
          json.readTree(client.send(request, HttpResponse.BodyHandlers.ofString()).body())) {
        if (target.path("type").asText().equals("page")) {
          return target.path("webSocketDebuggerUrl").asText();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
    throw new IOException("chromium has no page target");
  }

  /* ---- what a person does ---- */

  void navigate(String url) {
    send("Page.navigate", Map.of("url", url));
    waitFor("document.readyState === 'complete' && location.href === " + quote(url));
  }

  /** Evaluates {@code expression} (awaiting a promise) and returns its value as JSON. */
  JsonNode evaluate(String expression) {
    JsonNode result =
        send(
            "Runtime.evaluate",
            Map.of("expression", expression, "returnByValue", true, "awaitPromise", true));
    if (result.has("exceptionDetails")) {
      throw new IllegalStateException(
          "script failed: " + expression + ": " + result.get("exceptionDetails"));
    }
    return result.path("result").path("value");
  }

  String text(String selector) {
    return evaluate(
            "(() => { const e = document.querySelector("
                + quote(selector)
                + "); return e ? (e.innerText ?? e.textContent) : null; })()")
        .asText(null);
  }

  int count(String selector) {
    return evaluate("document.querySelectorAll(" + quote(selector) + ").length").asInt();
  }

  /** Waits until {@code condition} (a JavaScript expression) is true, up to 30 s. */
  void waitFor(String condition) {
    waitFor(condition, () -> "");
  }

  void waitFor(String condition, Supplier<String> whatWasThere) {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      if (evaluate("!!(" + condition + ")").asBoolean()) {
        return;
      }
      pause(100);
    }
    throw new AssertionError(
        "timed out waiting for "
            + condition
            + "; "
            + whatWasThere.get()
            + "; page: "
            + text("body"));
  }

  /** A mouse click in the middle of the element, after scrolling it into view. */
  void click(String selector) {
    waitFor("document.querySelector(" + quote(selector) + ")");
    JsonNode box =
        evaluate(
            "(() => { const e = document.querySelector("
                + quote(selector)
                + "); e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();"
                + " return {x: r.x + r.width / 2, y: r.y + r.height / 2}; })()");
    double x = box.path("x").asDouble();
    double y = box.path("y").asDouble();
    send("Input.dispatchMouseEvent", Map.of("type", "mouseMoved", "x", x, "y", y));
    for (String type : List.of("mousePressed", "mouseReleased")) {
      send(
          "Input.dispatchMouseEvent",
          Map.of("type", type, "x", x, "y", y, "button", "left", "clickCount", 1));
    }
  }

  /** Types {@code text} into the focused element. */
  void type(String text) {
    send("Input.insertText", Map.of("text", text));
  }

  /** Presses a key such as Enter or Tab on the focused element. */
  void press(String key, int keyCode) {
    Map<String, Object> down =
        Map.of(
            "type",
            "keyDown",
            "key",
            key,
            "code",
            key,
            "windowsVirtualKeyCode",
            keyCode,
            "text",
            key.equals("Enter") ? "\r" : "");
    send("Input.dispatchKeyEvent", down);
    send(
        "Input.dispatchKeyEvent",
        Map.of("type", "keyUp", "key", key, "code", key, "windowsVirtualKeyCode", keyCode));
  }

  /** A PNG of the whole page (the viewport's width, the content's height). */
  byte[] screenshot() {
    JsonNode size = evaluate("({w: window.innerWidth, h: document.documentElement.scrollHeight})");
    Map<String, Object> clip =
        Map.of(
            "x",
            0,
            "y",
            0,
            "width",
            size.path("w").asInt(),
            "height",
            size.path("h").asInt(),
            "scale",
            1);
    JsonNode shot =
        send(
            "Page.captureScreenshot",
            Map.of("format", "png", "captureBeyondViewport", true, "clip", clip));
    return Base64.getDecoder().decode(shot.path("data").asText());
  }

  static String quote(String text) {
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    try {
      socket.sendClose(WebSocket.NORMAL_CLOSURE, "done");
    } catch (RuntimeException e) {
      // the browser is killed below anyway
    }
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
