package dev.tollgate.client.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.client.FakeRegistry;
import dev.tollgate.client.TestFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The packaged jar as a command line: its Main-Class and its shaded graphql-java and Jackson. */
final class CliJarIT {

  @TempDir Path work;

  @Test
  void javaJar_help_printsUsageExit0() throws Exception {
    Run run = java("--help");

    assertThat(run.exitCode()).isZero();
    assertThat(run.output()).contains("usage: java -jar tollgate-maven-plugin.jar");
  }

  @Test
  void javaJar_versionAndCommandHelp_fromTheShadedPicocli() throws Exception {
    Run version = java("--version");
    Run help = java("publish", "--help");

    assertThat(version.exitCode()).isZero();
    assertThat(version.output().strip())
        .isEqualTo("tollgate-maven-plugin " + System.getProperty("tollgate.it.version"));
    assertThat(help.exitCode()).as(help.output()).isZero();
    assertThat(help.output())
        .startsWith("usage: java -jar tollgate-maven-plugin.jar publish")
        .contains("--fail-on-unaffordable");
  }

  @Test
  void javaJar_manifestThenCheck_goldenManifestAndTable() throws Exception {
    Path fixture = TestFiles.resource("extract/with-schema");
    Path out = work.resolve("m.json");

    Run manifest =
        java(
            "manifest",
            "--source",
            fixture.resolve("inputs/src/main/graphql").toString(),
            "--schema",
            fixture.resolve("inputs/schema.graphqls").toString(),
            "--out",
            out.toString());

    assertThat(manifest.exitCode()).as(manifest.output()).isZero();
    assertThat(Files.readString(out))
        .isEqualTo(Files.readString(fixture.resolve("expected-manifest.json")));
    try (FakeRegistry registry = FakeRegistry.start()) {
      Run check =
          java(
              "check",
              "--registry",
              registry.url().toString(),
              "--token",
              FakeRegistry.TOKEN,
              "--app",
              "web",
              "--version",
              "1",
              "--manifest",
              out.toString(),
              "--max-cost",
              "0");
      assertThat(check.exitCode()).as(check.output()).isEqualTo(1);
      assertThat(check.output())
          .contains("Shipments")
          .contains("more than maxCost 0")
          .doesNotContain(FakeRegistry.TOKEN);
    }
  }

  @Test
  void javaJar_publishFailOnUnaffordable_realRegistry_exit1AndNothingPublished() throws Exception {
    Path sources = Files.createDirectories(work.resolve("graphql"));
    // 15001 and 2 on the demo's cargo schema (registry-server.jar price); every demo policy that
    // may run an app has the cost limit 1000
    Files.writeString(
        sources.resolve("dear.graphql"),
        "query Dear { cargos(first: 5000) { edges { node { trackingId } } } }\n");
    Files.writeString(
        sources.resolve("cheap.graphql"), "query Cheap { cargo(trackingId: \"ABC123\") { id } }\n");
    Path manifest = work.resolve("m.json");
    Run extract = java("manifest", "--source", sources.toString(), "--out", manifest.toString());
    assertThat(extract.exitCode()).as(extract.output()).isZero();

    try (RegistryUnderTest registry = RegistryUnderTest.start(work)) {
      registry.overEveryLimit("Dear", 15001);

      Run publish =
          java(
              "publish",
              "--registry",
              registry.url().toString(),
              "--token",
              registry.token(),
              "--app",
              "first-hour",
              "--version",
              "1",
              "--manifest",
              manifest.toString(),
              "--fail-on-unaffordable");

      assertThat(publish.exitCode()).as(publish.output()).isEqualTo(1);
      assertThat(publish.output().lines())
          .anySatisfy(
              line ->
                  assertThat(line)
                      .startsWith(
                          "tollgate: Dear costs 15001 at its default variables: no policy can run"
                              + " it (cost limits of the policies that may run app first-hour: ")
                      .contains("partner 1000"))
          .contains(
              "tollgate: nothing published: 1 operation(s) no policy can run"
                  + " (--fail-on-unaffordable)")
          .noneSatisfy(line -> assertThat(line).contains("Cheap"))
          .noneSatisfy(line -> assertThat(line).startsWith("Published"));
      assertThat(registry.versionStatus("first-hour", "1")).isEqualTo(404);
    }
  }

  private record Run(int exitCode, String output) {}

  private Run java(String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(ChildJvm.OPTIONS);
    command.addAll(List.of("-jar", System.getProperty("tollgate.it.pluginJar")));
    command.addAll(List.of(args));
    Path log = Files.createTempFile(work, "java", ".log");
    Process process =
        new ProcessBuilder(command)
            .directory(work.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!process.waitFor(1, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("java -jar timed out");
    }
    return new Run(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }
}
