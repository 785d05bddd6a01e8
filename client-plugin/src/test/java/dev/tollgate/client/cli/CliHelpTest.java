package dev.tollgate.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each command's own {@code --help}, the {@code help} command, {@code --version}, parse errors. */
final class CliHelpTest {

  /** Each command and every option it takes, as its usage must name them. */
  private static final Map<String, List<String>> OPTIONS =
      Map.of(
          "manifest",
          List.of("--source", "--schema", "--out", "--allow-empty", "--help"),
          "check",
          List.of(
              "--registry",
              "--token",
              "--app",
              "--version",
              "--manifest",
              "--max-cost",
              "--fail-on-unaffordable",
              "--help"),
          "publish",
          List.of(
              "--registry",
              "--token",
              "--app",
              "--version",
              "--manifest",
              "--fail-on-unaffordable",
              "--help"),
          "schema-check",
          List.of(
              "--registry",
              "--token",
              "--schema",
              "--max-increase",
              "--fail-on-over-limit",
              "--help"));

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @TempDir Path workingDirectory;

  @Test
  void commandHelp_everyCommand_usageOptionsDefaultsAndExampleExit0() {
    for (Map.Entry<String, List<String>> command : OPTIONS.entrySet()) {
      for (String help : List.of("--help", "-h")) {
        out.reset();

        assertThat(run(command.getKey(), help)).as(command.getKey() + " " + help).isZero();

        assertThat(out())
            .as(command.getKey() + " " + help)
            .startsWith("usage: java -jar tollgate-maven-plugin.jar " + command.getKey())
            .contains(command.getValue())
            .contains("(default: ")
            .contains("example:\n  ")
            .doesNotContain("unknown option");
      }
    }
    assertThat(err()).isEmpty();
  }

  @Test
  void commandHelp_showsTheDefaults() {
    assertThat(run("manifest", "--help")).isZero();
    assertThat(out())
        .contains("(default: " + Cli.DEFAULT_MANIFEST + ")")
        .contains("src/main/resources/graphql");

    out.reset();
    assertThat(run("publish", "--help")).isZero();
    assertThat(out())
        .contains("TOLLGATE_REGISTRY_URL")
        .contains("TOLLGATE_TOKEN")
        .contains(Cli.DEFAULT_MANIFEST);
  }

  @Test
  void helpCommand_namedCommand_sameUsageAsItsHelpFlag() {
    assertThat(run("publish", "--help")).isZero();
    String flag = out();
    out.reset();

    assertThat(run("help", "publish")).isZero();

    assertThat(out()).isEqualTo(flag);
  }

  @Test
  void help_listsEveryCommandAndHowToGetItsHelp() {
    assertThat(run("--help")).isZero();

    assertThat(out())
        .startsWith("usage: java -jar tollgate-maven-plugin.jar <command> [options]")
        .contains(OPTIONS.keySet())
        .contains("publish --help")
        .contains("exit codes: 0 done");
  }

  @Test
  void version_printsTheProjectVersionExit0() {
    for (String flag : List.of("--version", "-V")) {
      out.reset();

      assertThat(run(flag)).isZero();

      // version.properties is filtered from the POM's ${project.version}
      assertThat(out().strip()).matches("tollgate-maven-plugin \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    }
    assertThat(err()).isEmpty();
  }

  @Test
  void publishVersion_isTheAppVersion_withoutAValueExit2() {
    assertThat(run("publish", "--version")).isEqualTo(Cli.USAGE);

    assertThat(err())
        .startsWith("tollgate: --version needs a value\n")
        .contains("usage: java -jar tollgate-maven-plugin.jar publish");
  }

  @Test
  void optionGivenTwice_exit2NamingIt() {
    assertThat(run("publish", "--app", "web", "--app", "shop")).isEqualTo(Cli.USAGE);

    assertThat(err()).startsWith("tollgate: --app given twice\n");
  }

  @Test
  void optionOfAnotherCommand_unknownHere_exit2() {
    assertThat(run("manifest", "--registry", "http://localhost:8080")).isEqualTo(Cli.USAGE);

    assertThat(err())
        .startsWith("tollgate: unknown option --registry\n")
        .contains("usage: java -jar tollgate-maven-plugin.jar manifest");
  }

  @Test
  void argumentStartingWithAt_isAValueNotAFileOfArguments() {
    // picocli would read the arguments from the file "@nowhere"; here it is the folder's name
    assertThat(run("manifest", "--source", "@nowhere")).isEqualTo(Cli.USAGE);

    assertThat(err().strip())
        .isEqualTo(
            "tollgate: --source " + workingDirectory.resolve("@nowhere") + ": no such folder");
  }

  private int run(String... args) {
    return new Cli(print(out), print(err), Map.of(), workingDirectory).run(args);
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
