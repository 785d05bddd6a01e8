package dev.tollgate.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
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
          .contains("--port", "--host", "--data-dir", "--config", "--version", "price")
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
        .contains("(embedded demo) listening on http://127.0.0.1:" + port + " (this machine only)")
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
        .contains(
            "warning: no admin token (adminTokens): only tokens issued at runtime (POST /v1/tokens) are accepted; without one, nothing can be published")
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

  /* ---- where it listens (issue 23 item 7) ---- */

  @Test
  void demo_listensOnLoopbackOnly() throws IOException {
    Optional<InetAddress> outside = nonLoopbackAddress();
    assumeTrue(outside.isPresent(), "this machine has no non-loopback IPv4 address to try");

    assertThat(run("--port", "0", "--data-dir", dir.resolve("data").toString()))
        .isEqualTo(ServerCommand.RUNNING);

    int port = started.get(0).port();
    assertThat(connects(InetAddress.getLoopbackAddress(), port)).isTrue();
    assertThat(connects(outside.get(), port)).as("connect to " + outside.get()).isFalse();
    assertThat(stdout()).doesNotContain("warning");
  }

  @Test
  void demo_hostAnyInterface_listensBeyondLoopbackAndWarnsOfItsPublicCredentials()
      throws IOException {
    assertThat(run("--host", "0.0.0.0", "--port", "0", "--data-dir", dir.resolve("d").toString()))
        .isEqualTo(ServerCommand.RUNNING);

    int port = started.get(0).port();
    assertThat(stdout())
        .contains("listening on http://0.0.0.0:" + port + " (all interfaces)")
        .contains(
            "warning: the demo's public credentials (admin-demo, partner-demo, web-demo) are"
                + " accepted from beyond this machine (0.0.0.0)");
    Optional<InetAddress> outside = nonLoopbackAddress();
    if (outside.isPresent()) {
      assertThat(connects(outside.get(), port)).as("connect to " + outside.get()).isTrue();
    }
  }

  @Test
  void configHttpHost_honoured() throws IOException {
    Path file = config("{\"http\": {\"port\": 0, \"host\": \"127.0.0.1\"}}");

    assertThat(run("--config", file.toString())).isEqualTo(ServerCommand.RUNNING);

    int port = started.get(0).port();
    assertThat(stdout()).contains("listening on http://127.0.0.1:" + port + " (this machine only)");
    Optional<InetAddress> outside = nonLoopbackAddress();
    if (outside.isPresent()) {
      assertThat(connects(outside.get(), port)).as("connect to " + outside.get()).isFalse();
    }
  }

  @Test
  void config_withoutHost_listensOnEveryInterfaceAsBefore() throws IOException {
    Path file = config("{\"http\": {\"port\": 0}, \"adminTokens\": [{\"token\": \"s3cret\"}]}");

    assertThat(run("--config", file.toString())).isEqualTo(ServerCommand.RUNNING);

    int port = started.get(0).port();
    assertThat(stdout())
        .contains("listening on http://0.0.0.0:" + port + " (all interfaces)")
        .doesNotContain("public credentials");
  }

  @Test
  void config_withTheDemosTokenOnEveryInterface_warns() throws IOException {
    Path file =
        config(
            "{\"http\": {\"port\": 0}, \"adminTokens\": [{\"token\": \"admin-demo\"}],"
                + " \"keys\": {\"own-key\": {\"name\": \"mine\"}}}");

    assertThat(run("--config", file.toString())).isEqualTo(ServerCommand.RUNNING);

    assertThat(stdout())
        .contains("warning: the demo's public credentials (admin-demo) are accepted");
  }

  @Test
  void hostFlag_winsOverConfigHttpHost() throws IOException {
    Path file = config("{\"http\": {\"port\": 0, \"host\": \"0.0.0.0\"}}");

    assertThat(run("--config", file.toString(), "--host", "127.0.0.1"))
        .isEqualTo(ServerCommand.RUNNING);

    assertThat(stdout()).contains("listening on http://127.0.0.1:" + started.get(0).port());
  }

  @Test
  void hostNotOfThisMachine_oneLineExit2_beforeTheDataFolderIsCreated() throws IOException {
    // TEST-NET-3 (RFC 5737): documentation only, never an address of this machine
    InetAddress elsewhere = InetAddress.getByName("203.0.113.7");
    assumeTrue(NetworkInterface.getByInetAddress(elsewhere) == null, "203.0.113.7 is local here");
    Path data = dir.resolve("data");

    assertThat(run("--host", "203.0.113.7", "--port", "0", "--data-dir", data.toString()))
        .isEqualTo(2);

    assertThat(stderr())
        .startsWith("tollgate: cannot listen on 203.0.113.7: not an address of this machine")
        .contains("--host or http.host");
    assertThat(stderr().lines()).hasSize(1);
    assertThat(data).doesNotExist();
  }

  @Test
  void configHostUnknown_oneLineExit2() throws IOException {
    // .invalid never resolves (RFC 2606)
    Path file = config("{\"http\": {\"port\": 0, \"host\": \"gateway.invalid\"}}");

    assertThat(run("--config", file.toString())).isEqualTo(2);

    assertThat(stderr()).startsWith("tollgate: cannot listen on gateway.invalid: unknown host");
    assertThat(stderr().lines()).hasSize(1);
  }

  @Test
  void configHostBlank_oneLineExit2() throws IOException {
    Path file = config("{\"http\": {\"port\": 0, \"host\": \" \"}}");

    assertThat(run("--config", file.toString())).isEqualTo(2);

    assertThat(stderr().strip())
        .isEqualTo("tollgate: http.host must be an address or host name without spaces: ' '");
  }

  private static Optional<InetAddress> nonLoopbackAddress() throws SocketException {
    for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      if (!nic.isUp() || nic.isLoopback()) {
        continue;
      }
      for (InetAddress address : Collections.list(nic.getInetAddresses())) {
        if (address instanceof Inet4Address && !address.isLoopbackAddress()) {
          return Optional.of(address);
        }
      }
    }
    return Optional.empty();
  }

  private static boolean connects(InetAddress address, int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(address, port), 2_000);
      return true;
    } catch (IOException refused) {
      return false;
    }
  }
}
