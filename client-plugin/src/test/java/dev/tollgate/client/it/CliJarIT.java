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
