package dev.tollgate.client.it;

import dev.tollgate.client.FakeRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The registry the end-to-end test publishes to. By default the in-process {@link FakeRegistry};
 * with {@code -Dtollgate.it.registryJar=…/registry-server.jar} (and {@code -Dtollgate.it.token=…},
 * a token with publish scope, and optionally {@code -Dtollgate.it.registryArgs="--config FILE"})
 * the real registry-server, started on a random port with a fresh data folder and stopped
 * afterwards.
 */
interface RegistryUnderTest extends AutoCloseable {

  URI url();

  String token();

  /** The document's text as {@code GET /v1/documents/{id}} returns it (JSON "body", or raw). */
  default String documentText(String id) throws IOException, InterruptedException {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(url().resolve("/v1/documents/" + id))
                    .header("Authorization", "Bearer " + token())
                    .GET()
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new AssertionError(
          "GET /v1/documents/" + id + " -> " + response.statusCode() + " " + response.body());
    }
    return response.body();
  }

  /** The status of {@code GET /v1/apps/{app}/versions/{version}}: 404 until it is published. */
  default int versionStatus(String app, String version) throws IOException, InterruptedException {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(url().resolve("/v1/apps/" + app + "/versions/" + version))
                .header("Authorization", "Bearer " + token())
                .GET()
                .build(),
            HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }

  /**
   * Says that {@code operation} costs {@code cost}, over every cost limit of the demo's policies
   * (1000 each): the real server prices it itself, the fake is told.
   */
  default void overEveryLimit(String operation, long cost) {}

  @Override
  void close();

  static RegistryUnderTest start(Path workDirectory) throws IOException, InterruptedException {
    String jar = System.getProperty("tollgate.it.registryJar", "");
    if (jar.isBlank() || !Files.isRegularFile(Path.of(jar))) {
      // -pl client-plugin alone: registry-server.jar is not built, so the hand-written fake stands
      // in
      System.err.println(
          "SampleClientIT: no registry-server jar at '" + jar + "', using FakeRegistry");
      return new Fake(FakeRegistry.start());
    }
    String token = System.getProperty("tollgate.it.token", "");
    if (token.isBlank()) {
      throw new IllegalStateException(
          "-Dtollgate.it.registryJar needs -Dtollgate.it.token (publish scope)");
    }
    return ServerJar.start(Path.of(jar), token, workDirectory);
  }

  /** The hand-written fake. */
  record Fake(FakeRegistry registry) implements RegistryUnderTest {
    @Override
    public URI url() {
      return registry.url();
    }

    @Override
    public String token() {
      return FakeRegistry.TOKEN;
    }

    @Override
    public void overEveryLimit(String operation, long cost) {
      registry.cost(operation, cost).unaffordable(operation, Map.of("partner", 1000L));
    }

    @Override
    public void close() {
      registry.close();
    }
  }

  /**
   * {@code java -jar registry-server.jar --port P --data-dir D}, ready when {@code /health} is 200.
   */
  record ServerJar(Process process, URI url, String token) implements RegistryUnderTest {

    static ServerJar start(Path jar, String token, Path workDirectory)
        throws IOException, InterruptedException {
      int port = freePort();
      Path data = Files.createDirectories(workDirectory.resolve("registry-data"));
      List<String> command = new ArrayList<>(List.of(javaBinary()));
      command.addAll(ChildJvm.OPTIONS);
      command.addAll(
          List.of(
              "-jar",
              jar.toString(),
              "--port",
              String.valueOf(port),
              "--data-dir",
              data.toString()));
      String extra = System.getProperty("tollgate.it.registryArgs", "");
      if (!extra.isBlank()) {
        command.addAll(List.of(extra.strip().split("\\s+")));
      }
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(workDirectory.resolve("registry-server.log").toFile())
              .start();
      ServerJar server = new ServerJar(process, URI.create("http://127.0.0.1:" + port), token);
      server.awaitHealthy(Duration.ofSeconds(60));
      return server;
    }

    private void awaitHealthy(Duration timeout) throws InterruptedException {
      Instant deadline = Instant.now().plus(timeout);
      HttpClient http = HttpClient.newHttpClient();
      while (Instant.now().isBefore(deadline) && process.isAlive()) {
        try {
          HttpResponse<Void> response =
              http.send(
                  HttpRequest.newBuilder(url.resolve("/health")).build(),
                  HttpResponse.BodyHandlers.discarding());
          if (response.statusCode() == 200) {
            return;
          }
        } catch (IOException notYet) {
          // still starting
        }
        Thread.sleep(50);
      }
      close();
      throw new AssertionError("registry-server did not become healthy at " + url);
    }

    @Override
    public void close() {
      process.destroy();
    }

    private static int freePort() throws IOException {
      try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
        return socket.getLocalPort();
      }
    }

    private static String javaBinary() {
      return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
  }
}
