package dev.tollgate.client.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Builds src/it/sample-client with the packaged (shaded) plugin, in a separate {@code mvn}, against
 * a registry: the plugin and its parent POM are installed into a private local repository whose
 * only remote is the caller's local repository (a file: mirror), so nothing is downloaded.
 */
final class SampleClientIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static Path work;
  private static Path repository;
  private static RegistryUnderTest registry;

  @BeforeAll
  static void setUp() throws Exception {
    work = Path.of(property("tollgate.it.workDir"));
    deleteRecursively(work);
    repository = Files.createDirectories(work.resolve("repo"));
    installPlugin();
    writeSettings();
    registry = RegistryUnderTest.start(work);
  }

  @AfterAll
  static void tearDown() {
    if (registry != null) {
      registry.close();
    }
  }

  @Test
  void verifyAndPublish_sampleClient_documentsReadableFromRegistry() throws Exception {
    Path project = copySample("publish");

    Build build = mvn(project, "verify", "tollgate:publish", "tollgate:help");

    assertThat(build.exitCode()).as(build.log()).isZero();
    assertThat(build.log())
        .contains("OPERATION")
        .contains("CargoByTrackingId")
        .contains("Published sample-client 1.0.0")
        .contains("3 new")
        .contains("tollgate:manifest")
        .contains("tollgate:check")
        .contains("tollgate:publish")
        .doesNotContain(registry.token());
    JsonNode manifest =
        JSON.readTree(project.resolve("target/tollgate/persisted-query-manifest.json").toFile());
    assertThat(manifest.path("operations")).hasSize(3);
    for (JsonNode operation : manifest.path("operations")) {
      String text = registry.documentText(operation.path("id").asText());
      assertThat(documentBody(text)).isEqualTo(operation.path("body").asText());
    }
  }

  @Test
  void verify_operationOverMaxCost_buildFails() throws Exception {
    Path project = copySample("max-cost");

    Build build = mvn(project, "verify", "-Dtollgate.maxCost=1");

    assertThat(build.exitCode()).as(build.log()).isNotZero();
    assertThat(build.log()).contains("more than maxCost 1").contains("<maxCost>");
  }

  @Test
  void publish_failOnUnaffordable_buildFailsAndNothingIsPublished() throws Exception {
    Path project = copySample("unaffordable");
    // 15001 on the demo's cargo schema (registry-server.jar price): over the cost limit (1000) of
    // every demo policy that may run app sample-client
    Files.writeString(
        project.resolve("src/main/graphql/dear.graphql"),
        "query Dear { cargos(first: 5000) { edges { node { trackingId } } } }\n");
    registry.overEveryLimit("Dear", 15001);

    Build build =
        mvn(
            project,
            "generate-resources",
            "tollgate:publish",
            "-Dtollgate.failOnUnaffordable=true",
            "-Dtollgate.version=2.0.0");

    assertThat(build.exitCode()).as(build.log()).isNotZero();
    assertThat(build.log())
        .contains("nothing published to " + registry.url() + ": 1 operation(s) no policy can run")
        .contains("Dear costs 15001 at its default variables: no policy can run it")
        .doesNotContain("Published sample-client");
    assertThat(registry.versionStatus("sample-client", "2.0.0")).isEqualTo(404);
  }

  @Test
  void verify_noRegistryUrl_checkSkippedWithAWarningUnlessRequired() throws Exception {
    Path project = copySample("no-registry");

    Build ordinary = mvnWithoutRegistry(project, "verify");
    Build ci = mvnWithoutRegistry(project, "verify", "-Dtollgate.requireRegistry=true");

    assertThat(ordinary.exitCode()).as(ordinary.log()).isZero();
    assertThat(ordinary.log())
        .contains("Wrote 3 operation(s)")
        .contains("tollgate:check skipped: no <registryUrl> (property tollgate.registryUrl)");
    assertThat(ci.exitCode()).as(ci.log()).isNotZero();
    assertThat(ci.log()).contains("<registryUrl> is not set (property tollgate.registryUrl)");
  }

  /* ---- the nested build ---- */

  private static Build mvnWithoutRegistry(Path project, String... goals)
      throws IOException, InterruptedException {
    return mvn(project, false, goals);
  }

  private record Build(int exitCode, String log) {}

  private static Build mvn(Path project, String... goals) throws IOException, InterruptedException {
    return mvn(project, true, goals);
  }

  private static Build mvn(Path project, boolean withRegistry, String... goals)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                mvnExecutable(),
                "-B",
                "-e",
                "-s",
                work.resolve("settings.xml").toString(),
                "-Dmaven.repo.local=" + repository,
                "-Dtollgate.plugin.version=" + property("tollgate.it.version")));
    if (withRegistry) {
      command.add("-Dtollgate.registryUrl=" + registry.url());
    }
    command.addAll(List.of(goals));
    Path log = project.resolve("build.log");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(project.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    // the token travels in the environment, as in CI, never on the command line
    builder.environment().put("TOLLGATE_TOKEN", registry.token());
    builder
        .environment()
        .put(
            "MAVEN_OPTS", ChildJvm.mavenOpts(builder.environment().getOrDefault("MAVEN_OPTS", "")));
    Process process = builder.start();
    if (!process.waitFor(4, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("nested mvn timed out; see " + log);
    }
    return new Build(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }

  private static String mvnExecutable() {
    String home = System.getProperty("tollgate.it.mavenHome", "");
    Path mvn = Path.of(home, "bin", "mvn");
    return !home.isBlank() && Files.isExecutable(mvn) ? mvn.toString() : "mvn";
  }

  /* ---- setup ---- */

  private static void installPlugin() throws IOException {
    String version = property("tollgate.it.version");
    Path plugin =
        Files.createDirectories(
            repository.resolve("dev/tollgate/tollgate-maven-plugin/" + version));
    copy(
        Path.of(property("tollgate.it.pluginJar")),
        plugin.resolve("tollgate-maven-plugin-" + version + ".jar"));
    copy(
        Path.of(property("tollgate.it.pluginPom")),
        plugin.resolve("tollgate-maven-plugin-" + version + ".pom"));
    Path parent =
        Files.createDirectories(repository.resolve("dev/tollgate/tollgate-parent/" + version));
    copy(
        Path.of(property("tollgate.it.parentPom")),
        parent.resolve("tollgate-parent-" + version + ".pom"));
  }

  private static void writeSettings() throws IOException {
    Path cache = Path.of(property("tollgate.it.localRepository"));
    Files.writeString(
        work.resolve("settings.xml"),
        """
        <settings>
          <mirrors>
            <mirror>
              <id>caller-local-repository</id>
              <mirrorOf>*</mirrorOf>
              <url>%s</url>
            </mirror>
          </mirrors>
        </settings>
        """
            .formatted(cache.toUri()));
  }

  private static Path copySample(String name) throws IOException {
    Path source = Path.of(property("tollgate.it.sampleDir"));
    Path target = work.resolve(name);
    try (Stream<Path> paths = Files.walk(source)) {
      for (Path path : paths.toList()) {
        copy(path, target.resolve(source.relativize(path).toString()));
      }
    }
    return target;
  }

  private static String documentBody(String text) throws IOException {
    if (!text.strip().startsWith("{")) {
      return text;
    }
    JsonNode node = JSON.readTree(text);
    return node.has("body") ? node.get("body").asText() : node.path("text").asText(text);
  }

  private static void copy(Path from, Path to) throws IOException {
    if (Files.isDirectory(from)) {
      Files.createDirectories(to);
      return;
    }
    Files.createDirectories(to.getParent());
    Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
  }

  private static void deleteRecursively(Path folder) throws IOException {
    if (!Files.exists(folder)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  private static String property(String name) {
    String value = System.getProperty(name);
    if (value == null || value.isBlank()) {
      throw new IllegalStateException(
          "system property " + name + " is set by failsafe (see client-plugin/pom.xml)");
    }
    return value;
  }
}
