package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar registry-server.jar} as a user runs it, in process: help, version, the start
 * banner, and each user mistake as one line with exit code 2.
 */
final class ServerCommandTest {

  @TempDir Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final List<RegistryServer> started = new ArrayList<>();

  @AfterEach
  void stop() {
    started.forEach(RegistryServer::close);
  }

  private int run(String... args) {
    ServerCommand.Outcome outcome =
        ServerCommand.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    if (outcome.server() != null) {
      started.add(outcome.server());
    }
    return outcome.exitCode();
  }

  private String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }

  private Path config(String json) throws IOException {
    Path file = dir.resolve("conf").resolve("tollgate.json");
    Files.createDirectories(file.getParent());
    return Files.writeString(file, json);
  }

  @Test
  void help_printsEveryFlagTheSubcommandsAndWhereDataGoes() {
    for (String flag : List.of("--help", "-h")) {
      out.reset();

      assertThat(run(flag)).isEqualTo(0);

      assertThat(stdout())
          .contains("--port", "--data-dir", "--config", "--version", "price")
          .contains("tollgate-data")
          .contains("JSON config file")
          .contains("store.dataDir");
    }
    assertThat(stderr()).isEmpty();
  }

  @Test
  void version_printsTheProjectVersion() {
    assertThat(run("--version")).isEqualTo(0);

    // version.properties is filtered from the POM's ${project.version}
    assertThat(stdout()).startsWith("Tollgate ").doesNotContain("${").doesNotContain("unknown");
  }

  @Test
  void unknownArgument_oneLineExit2() {
    assertThat(run("--prot", "9000")).isEqualTo(2);

    assertThat(stderr()).startsWith("tollgate: Unknown option").contains("'--prot'", "--help");
    assertThat(stderr().lines()).hasSize(1);
  }

  @Test
  void portNotANumber_oneLineExit2() {
    assertThat(run("--port", "eighty")).isEqualTo(2);

    assertThat(stderr()).contains("--port").contains("eighty");
    assertThat(stderr().lines()).hasSize(1);
  }

  @Test
  void missingConfigFile_namesItExit2() {
    Path missing = dir.resolve("nope.json");

    assertThat(run("--config", missing.toString())).isEqualTo(2);

    assertThat(stderr().strip())
        .isEqualTo("tollgate: config file not found: " + missing.toAbsolutePath());
  }

  @Test
  void invalidJson_namesLineAndColumnExit2() throws IOException {
    Path file = config("{\n  \"http\": {\"port\": 0,}\n}");

    assertThat(run("--config", file.toString())).isEqualTo(2);

    assertThat(stderr()).startsWith("tollgate: config is not valid JSON at line 2, column");
    assertThat(stderr().lines()).hasSize(1);
  }

  @Test
  void schemaFileNotFound_namesItExit2() throws IOException {
    Path file = config("{\"http\": {\"port\": 0}, \"schema\": {\"path\": \"missing.graphqls\"}}");

    assertThat(run("--config", file.toString())).isEqualTo(2);

    assertThat(stderr().strip())
        .isEqualTo("tollgate: schema file not found: " + dir.resolve("conf/missing.graphqls"));
  }

  @Test
  void storeHostUnknown_namesHostAndRootCauseExit2() throws IOException {
    // .invalid never resolves (RFC 2606)
    Path file =
        config(
            "{\"http\": {\"port\": 0}, \"store\": {\"jdbcUrl\":"
                + " \"jdbc:postgresql://db.invalid:5432/tollgate?password=secret\"}}");

    assertThat(run("--config", file.toString())).isEqualTo(2);

    assertThat(stderr().strip())
        .isEqualTo(
            "tollgate: cannot reach the store at host db.invalid:5432, database tollgate:"
                + " UnknownHostException: db.invalid");
  }

  @Test
  void portInUse_oneLineExit2_beforeTheDataFolderIsCreated() throws IOException {
    Path data = dir.resolve("data");
    try (ServerSocket taken = new ServerSocket()) {
      taken.bind(new InetSocketAddress(0));
      int port = taken.getLocalPort();

      assertThat(run("--port", String.valueOf(port), "--data-dir", data.toString())).isEqualTo(2);

      assertThat(stderr()).startsWith("tollgate: port " + port + " is in use by another process");
      assertThat(stderr().lines()).hasSize(1);
    }
    assertThat(data).doesNotExist();
  }

  @Test
  void twoServersOnOneDataFolder_secondRefusedExit2() {
    Path data = dir.resolve("data");
    assertThat(run("--port", "0", "--data-dir", data.toString())).isEqualTo(ServerCommand.RUNNING);

    assertThat(run("--port", "0", "--data-dir", data.toString())).isEqualTo(2);

    assertThat(stderr())
        .startsWith(
            "tollgate: the data folder "
                + data.toAbsolutePath()
                + " is in use by another Tollgate process");
    assertThat(stderr().lines()).hasSize(1);
  }

  @Test
  void demoBanner_showsAddressRealDataFolderSchemaPoliciesAndCredentials() {
    Path data = dir.resolve("elsewhere");

    assertThat(run("--port", "0", "--data-dir", data.toString())).isEqualTo(ServerCommand.RUNNING);

    int port = started.get(0).port();
    assertThat(stdout())
        .contains("(embedded demo) listening on http://localhost:" + port)
        .contains("store     H2 in " + data.toAbsolutePath())
        .contains("schema    bundled cargo schema, book model (fragment spreads: first)")
        .contains("upstream  in-process demo service")
        // the demo's three policies (DemoConfig), by name (not key): web and anonymous trusted,
        // partner open
        .contains("policies  3: open 1 (partner), trusted 2 (anonymous, web)")
        .contains("admin token   admin-demo")
        .doesNotContain("warning");
  }

  @Test
  void configBanner_warnsWhenNothingCanBePublishedOrCalled() throws IOException {
    Path file = config("{\"http\": {\"port\": 0}}");

    assertThat(run("--config", file.toString())).isEqualTo(ServerCommand.RUNNING);

    assertThat(stdout())
        .contains("policies  1: trusted 1 (anonymous)")
        .contains("warning: no admin token (adminTokens): nothing can be published")
        .contains("warning: no keys and the anonymous policy runs no app")
        .doesNotContain("admin-demo");
  }

  @Test
  void configDataDir_resolvedAgainstTheConfigFolder_notTheWorkingDirectory() throws IOException {
    Path file = config("{\"http\": {\"port\": 0}, \"store\": {\"dataDir\": \"registry-data\"}}");

    assertThat(run("--config", file.toString())).isEqualTo(ServerCommand.RUNNING);

    assertThat(stdout()).contains("store     H2 in " + dir.resolve("conf/registry-data"));
    assertThat(dir.resolve("conf/registry-data/registry.mv.db")).exists();
  }

  @Test
  void configWithoutDataDir_keepsItsStoreBesideTheFile() throws IOException {
    Path file = config("{\"http\": {\"port\": 0}}");

    assertThat(run("--config", file.toString())).isEqualTo(ServerCommand.RUNNING);

    assertThat(stdout()).contains("store     H2 in " + dir.resolve("conf/tollgate-data"));
  }

  @Test
  void dataDirFlag_winsOverTheConfigsDataDir() throws IOException {
    Path file = config("{\"http\": {\"port\": 0}, \"store\": {\"dataDir\": \"registry-data\"}}");
    Path flag = dir.resolve("flag-data");

    assertThat(run("--config", file.toString(), "--data-dir", flag.toString()))
        .isEqualTo(ServerCommand.RUNNING);

    assertThat(stdout()).contains("store     H2 in " + flag.toAbsolutePath());
    assertThat(dir.resolve("conf/registry-data")).doesNotExist();
  }

  @Test
  void priceSubcommand_runsFromTheSameCommandLine() {
    assertThat(run("price", "--help")).isEqualTo(0);

    assertThat(stdout()).startsWith("usage: price --schema FILE --query FILE");
  }
}
