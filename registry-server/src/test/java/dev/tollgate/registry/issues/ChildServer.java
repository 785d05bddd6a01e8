package dev.tollgate.registry.issues;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server in a child JVM of the test's classpath, with its own JVM options and a config file:
 * for bounds that only a small heap shows. Its heap after a full GC is read with {@code jcmd
 * GC.run} and the server's own {@code /metrics}.
 */
final class ChildServer implements AutoCloseable {

  private static final Pattern HEAP_USED =
      Pattern.compile("(?m)^jvm_memory_used_bytes\\{area=\"heap\",[^}]*} ([0-9.E+]+)$");

  private final Path dir;
  private final Process process;
  private final int port;
  private final HttpClient client = HttpClient.newHttpClient();

  private ChildServer(Path dir, Process process, int port) {
    this.dir = dir;
    this.process = process;
    this.port = port;
  }

  /** Starts the server with {@code jvmOptions} and {@code configJson}, and waits for /health. */
  static ChildServer start(Path dir, List<String> jvmOptions, String configJson) throws Exception {
    Path config = dir.resolve("config.json");
    Files.writeString(config, configJson);
    int port = freePort();
    List<String> command = new ArrayList<>(List.of(java("java")));
    command.addAll(jvmOptions);
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            "dev.tollgate.registry.RegistryServer",
            "--config",
            config.toString(),
            "--data-dir",
            dir.resolve("data").toString(),
            "--port",
            String.valueOf(port)));
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("child.log").toFile()))
            .start();
    ChildServer child = new ChildServer(dir, process, port);
    child.awaitHealthy();
    return child;
  }

  URI uri(String path) {
    return URI.create("http://localhost:" + port + path);
  }

  HttpResponse<String> send(HttpRequest request) throws Exception {
    return client.send(request, HttpResponse.BodyHandlers.ofString());
  }

  /** The heap in use right after a full collection ({@code jcmd <pid> GC.run}), in bytes. */
  long heapAfterFullGc() throws Exception {
    Process gc =
        new ProcessBuilder(java("jcmd"), String.valueOf(process.pid()), "GC.run")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    if (!gc.waitFor(60, TimeUnit.SECONDS) || gc.exitValue() != 0) {
      throw new AssertionError("jcmd GC.run failed");
    }
    String metrics = send(HttpRequest.newBuilder(uri("/metrics")).GET().build()).body();
    Matcher matcher = HEAP_USED.matcher(metrics);
    double used = 0;
    while (matcher.find()) {
      used += Double.parseDouble(matcher.group(1));
    }
    return (long) used;
  }

  String log() throws IOException {
    Path log = dir.resolve("child.log");
    return Files.exists(log) ? Files.readString(log) : "(none)";
  }

  private void awaitHealthy() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new AssertionError("child JVM stopped; its log:\n" + log());
      }
      try {
        if (send(HttpRequest.newBuilder(uri("/health")).GET().build()).statusCode() == 200) {
          return;
        }
      } catch (ConnectException notYet) {
        // not listening yet
      }
      TimeUnit.MILLISECONDS.sleep(50);
    }
    throw new AssertionError("child not healthy within 90 s; its log:\n" + log());
  }

  /** A tool of the JDK running this test ({@code java}, {@code jcmd}). */
  private static String java(String tool) {
    String java = ProcessHandle.current().info().command().orElse("java");
    Path sibling = Path.of(java).resolveSibling(tool);
    return Files.isExecutable(sibling) ? sibling.toString() : tool;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** Kills the child with SIGKILL ({@code kill -9}), as a crash would, and waits for it to end. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      throw new AssertionError("the child did not end after SIGKILL");
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
