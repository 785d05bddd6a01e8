package dev.tollgate.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.client.FakeRegistry;
import dev.tollgate.client.TestFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class CliTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final FakeRegistry registry = FakeRegistry.start();
  private Map<String, String> environment = Map.of();

  @TempDir Path workingDirectory;

  @AfterEach
  void stop() {
    registry.close();
  }

  /* ---- manifest ---- */

  @Test
  void manifest_sourceFolder_writesGoldenManifestExit0() throws IOException {
    Path fixture = TestFiles.resource("extract/basic");

    int exit =
        run(
            "manifest",
            "--source",
            fixture.resolve("inputs/src/main/graphql").toString(),
            "--source",
            fixture.resolve("inputs/src/main/resources/graphql").toString(),
            "--out",
            "m.json");

    assertThat(exit).isZero();
    assertThat(Files.readString(workingDirectory.resolve("m.json")))
        .isEqualTo(Files.readString(fixture.resolve("expected-manifest.json")));
    assertThat(out()).contains("Wrote 3 operation(s)");
  }

  @Test
  void manifest_defaults_scanDefaultFoldersWriteTargetManifest() throws IOException {
    Files.createDirectories(workingDirectory.resolve("src/main/graphql"));
    Files.writeString(workingDirectory.resolve("src/main/graphql/q.graphql"), "query Q { ping }");

    assertThat(run("manifest")).isZero();

    assertThat(workingDirectory.resolve(Cli.DEFAULT_MANIFEST)).exists();
    assertThat(err()).isEmpty();
  }

  @Test
  void manifest_missingSourceFolder_oneLineExit2AndWritesNothing() {
    assertThat(run("manifest", "--source", "nowhere")).isEqualTo(Cli.USAGE);

    assertThat(err().strip())
        .isEqualTo(
            "tollgate: --source " + workingDirectory.resolve("nowhere") + ": no such folder");
    assertThat(workingDirectory.resolve(Cli.DEFAULT_MANIFEST)).doesNotExist();
  }

  @Test
  void manifest_sourceWithoutOperations_refusedUnlessAllowEmpty() throws IOException {
    Path empty = Files.createDirectories(workingDirectory.resolve("empty"));
    Files.writeString(empty.resolve("notes.txt"), "no graphql here");

    assertThat(run("manifest", "--source", "empty")).isEqualTo(Cli.REFUSED);
    assertThat(err()).contains("no named operations found in " + empty).contains("--allow-empty");
    assertThat(workingDirectory.resolve(Cli.DEFAULT_MANIFEST)).doesNotExist();

    assertThat(run("manifest", "--source", "empty", "--allow-empty")).isZero();
    assertThat(out()).contains("Wrote 0 operation(s)");
    assertThat(workingDirectory.resolve(Cli.DEFAULT_MANIFEST)).exists();
  }

  @Test
  void manifest_refusedSources_exit1WithFileAndLine() {
    Path fixture = TestFiles.resource("extract/refuse-anonymous/inputs/src/main/graphql");

    int exit = run("manifest", "--source", fixture.toString());

    assertThat(exit).isEqualTo(Cli.REFUSED);
    assertThat(err()).contains("ops.graphql:3: anonymous query");
  }

  @Test
  void manifest_invalidAgainstSchema_exit1() {
    Path fixture = TestFiles.resource("extract/refuse-invalid-against-schema/inputs");

    int exit =
        run(
            "manifest",
            "--source",
            fixture.resolve("src/main/graphql").toString(),
            "--schema",
            fixture.resolve("schema.graphqls").toString());

    assertThat(exit).isEqualTo(Cli.REFUSED);
    assertThat(err()).contains("ops.graphql:8:").contains("colour");
  }

  /* ---- check ---- */

  @Test
  void check_underMaxCost_printsTableExit0() throws IOException {
    Path manifest = manifestOf("query Cheap { ping }");

    int exit = run(registryArgs("check", manifest, "--max-cost", "100"));

    assertThat(exit).isZero();
    assertThat(out())
        .contains("OPERATION")
        .contains("COST")
        .contains("DEPTH")
        .contains("ALIASES")
        .contains("Cheap")
        .contains("All 1 operation(s) pass");
    assertThat(registry.requests().get(0).query()).isEqualTo("dryRun=true");
  }

  @Test
  void check_overMaxCost_exit1NamingOperation() throws IOException {
    registry.cost("Expensive", 5000);
    Path manifest = manifestOf("query Expensive { shipments { id } }");

    int exit = run(registryArgs("check", manifest, "--max-cost", "1000"));

    assertThat(exit).isEqualTo(Cli.REFUSED);
    assertThat(err()).contains("Expensive: costs 5000, more than maxCost 1000");
  }

  @Test
  void check_registryRefusesOperation_exit1WithReason() throws IOException {
    registry.answer(
        422,
        """
        {"code":"GRAPHQL_VALIDATION_FAILED","message":"invalid operations",
         "extensions":{"errors":[{"name":"Q","message":"Field 'nope' is undefined"}]}}""");

    int exit = run(registryArgs("check", manifestOf("query Q { nope }")));

    assertThat(exit).isEqualTo(Cli.REFUSED);
    assertThat(err()).contains("HTTP 422").contains("Q: Field 'nope' is undefined");
  }

  @Test
  void check_relayManifest_accepted() {
    Path relay = TestFiles.resource("manifests/relay.json");

    assertThat(run(registryArgs("check", relay))).isZero();
    assertThat(out()).contains("AppQuery").contains("AppRenameMutation");
  }

  /* ---- publish ---- */

  @Test
  void publish_newThenExisting_printsCounts() throws IOException {
    Path manifest = manifestOf("query A { a } query B { b }");

    assertThat(run(registryArgs("publish", manifest))).isZero();
    assertThat(out()).contains("Published web 1.0.0: 2 new, 0 existing operation(s)");
    assertThat(registry.requests().get(0).query()).isNull();
  }

  @Test
  void publish_tokenFromEnvironment_sent() throws IOException {
    environment = Map.of("TOLLGATE_TOKEN", FakeRegistry.TOKEN);
    Path manifest = manifestOf("query A { a }");

    int exit =
        run(
            "publish",
            "--registry",
            registry.url().toString(),
            "--app",
            "web",
            "--version",
            "1",
            "--manifest",
            manifest.toString());

    assertThat(exit).isZero();
    assertThat(registry.requests().get(0).authorization())
        .isEqualTo("Bearer " + FakeRegistry.TOKEN);
  }

  @Test
  void publish_unreachable_exit3() throws IOException {
    Path manifest = manifestOf("query A { a }");
    registry.close();

    int exit = run(registryArgs("publish", manifest));

    assertThat(exit).isEqualTo(Cli.CANNOT_RUN);
    assertThat(err())
        .contains("cannot reach the registry at " + registry.url())
        .contains(": connection refused by 127.0.0.1:" + registry.url().getPort());
  }

  @Test
  void publish_unknownHost_namesTheHost() throws IOException {
    Path manifest = manifestOf("query A { a }");
    // .invalid never resolves (RFC 2606)
    String[] args = registryArgs("publish", manifest);
    args[2] = "http://registry.invalid:8080";

    int exit = run(args);

    assertThat(exit).isEqualTo(Cli.CANNOT_RUN);
    assertThat(err().strip())
        .isEqualTo(
            "tollgate: cannot reach the registry at http://registry.invalid:8080:"
                + " unknown host registry.invalid");
  }

  @Test
  void publish_mapManifest_sentByteForByte() throws IOException {
    // an {id: body} map, pretty-printed by hand: sent as it is, never re-encoded
    String body = "query A { a }";
    String text = "{\n    \"" + sha256(body) + "\" :   \"" + body + "\"\n}\n";
    Path manifest = Files.writeString(workingDirectory.resolve("map.json"), text);

    assertThat(run(registryArgs("publish", manifest))).isZero();

    assertThat(registry.requests().get(0).body()).isEqualTo(text);
  }

  @Test
  void check_unaffordableOperation_warnsAndFailsOnlyWhenAsked() throws IOException {
    Path manifest = manifestOf("query Cheap { a } query Dear { b }");
    registry.unaffordable("Dear", Map.of("web", 1000L));

    assertThat(run(registryArgs("check", manifest))).isZero();
    assertThat(err())
        .contains("tollgate: warning: Dear costs ")
        .contains(
            "no policy can run it (cost limits of the policies that may run app web: web 1000)")
        .doesNotContain("Cheap");

    err.reset();
    assertThat(run(registryArgs("check", manifest, "--fail-on-unaffordable")))
        .isEqualTo(Cli.REFUSED);
    assertThat(err()).contains("warning: Dear");
  }

  @Test
  void publish_unaffordableOperation_warns() throws IOException {
    Path manifest = manifestOf("query Dear { b }");
    registry.unaffordable("Dear", Map.of());

    assertThat(run(registryArgs("publish", manifest))).isZero();

    assertThat(err()).contains("warning: Dear costs").contains("no policy may run app web");
  }

  @Test
  void publish_failOnUnaffordable_dryRunOnlyOneLinePerOperationExit1NothingPublished()
      throws Exception {
    Path manifest = manifestOf("query Cheap { a } query Dear { b }");
    registry.cost("Dear", 5000).unaffordable("Dear", Map.of("web", 1000L));

    int exit = run(registryArgs("publish", manifest, "--fail-on-unaffordable"));

    assertThat(exit).isEqualTo(Cli.REFUSED);
    assertThat(err().lines())
        .containsExactly(
            "tollgate: Dear costs 5000 at its default variables: no policy can run it (cost limits"
                + " of the policies that may run app web: web 1000)",
            "tollgate: nothing published: 1 operation(s) no policy can run"
                + " (--fail-on-unaffordable)");
    assertThat(out()).doesNotContain("Published");
    assertThat(registry.requests())
        .extracting(FakeRegistry.Request::query)
        .containsExactly("dryRun=true");
    assertThat(registry.documents()).isEmpty();
    assertThat(versionStatus("web", "1.0.0")).isEqualTo(404);
  }

  @Test
  void publish_failOnUnaffordable_everyOperationAffordable_dryRunThenPublished() throws Exception {
    Path manifest = manifestOf("query A { a } query B { b }");

    assertThat(run(registryArgs("publish", manifest, "--fail-on-unaffordable"))).isZero();

    assertThat(out()).contains("Published web 1.0.0: 2 new, 0 existing operation(s)");
    assertThat(registry.requests())
        .extracting(FakeRegistry.Request::query)
        .containsExactly("dryRun=true", null);
    assertThat(versionStatus("web", "1.0.0")).isEqualTo(200);
  }

  @Test
  void publish_failOnUnaffordable_pricesChangedAfterTheDryRun_publishedButExit1() throws Exception {
    Path manifest = manifestOf("query Dear { b }");
    registry.unaffordableAfterDryRun("Dear", Map.of());

    int exit = run(registryArgs("publish", manifest, "--fail-on-unaffordable"));

    assertThat(exit).isEqualTo(Cli.REFUSED);
    assertThat(out()).contains("Published web 1.0.0: 1 new");
    assertThat(err())
        .contains("tollgate: warning: Dear costs ")
        .contains("no policy may run app web")
        .contains("tollgate: published, but the registry's prices changed after its dry run");
  }

  @Test
  void publish_noToken_namesTheFlagAndTheVariableExit2() throws IOException {
    int exit =
        run(
            "publish",
            "--registry",
            registry.url().toString(),
            "--app",
            "web",
            "--version",
            "1",
            "--manifest",
            manifestOf("query A { a }").toString());

    assertThat(exit).isEqualTo(Cli.USAGE);
    assertThat(err().strip())
        .isEqualTo(
            "tollgate: no token: publish needs a publish token of the registry (--token T, or the"
                + " environment variable TOLLGATE_TOKEN)");
    assertThat(registry.requests()).isEmpty();
  }

  @Test
  void publish_wrongToken_exit3TokenNeverPrinted() throws IOException {
    int exit =
        run(
            "publish",
            "--registry",
            registry.url().toString(),
            "--token",
            "wrong-token-xyz",
            "--app",
            "web",
            "--version",
            "1",
            "--manifest",
            manifestOf("query A { a }").toString());

    assertThat(exit).isEqualTo(Cli.CANNOT_RUN);
    assertThat(err()).contains("HTTP 403");
    assertThat(out() + err()).doesNotContain("wrong-token-xyz");
  }

  @Test
  void publish_conflict_exit1() throws IOException {
    assertThat(run(registryArgs("publish", manifestOf("query A { a }")))).isZero();

    int exit = run(registryArgs("publish", manifestOf("query A { a b }")));

    assertThat(exit).isEqualTo(Cli.REFUSED);
    assertThat(err()).contains("HTTP 409");
    assertThat(out() + err()).doesNotContain(FakeRegistry.TOKEN);
  }

  @Test
  void publish_missingManifest_exit1NamingFile() {
    int exit = run(registryArgs("publish", workingDirectory.resolve("absent.json")));

    assertThat(exit).isEqualTo(Cli.REFUSED);
    assertThat(err()).contains("absent.json: no such file");
  }

  /* ---- usage ---- */

  @Test
  void run_noArguments_usageExit2() {
    assertThat(run()).isEqualTo(Cli.USAGE);
    assertThat(err()).contains("no command given").contains("usage:");
  }

  @Test
  void run_unknownOption_usageExit2() {
    assertThat(run("manifest", "--colour", "red")).isEqualTo(Cli.USAGE);
    assertThat(err()).contains("unknown option --colour");
  }

  @Test
  void run_unknownCommand_usageExit2() {
    assertThat(run("deploy")).isEqualTo(Cli.USAGE);
    assertThat(err()).contains("unknown command deploy");
  }

  @Test
  void check_withoutApp_usageExit2() {
    assertThat(run("check", "--registry", registry.url().toString(), "--version", "1"))
        .isEqualTo(Cli.USAGE);
    assertThat(err()).contains("--app is required for check");
  }

  @Test
  void check_maxCostNotANumber_usageExit2() {
    assertThat(run(registryArgs("check", workingDirectory, "--max-cost", "lots")))
        .isEqualTo(Cli.USAGE);
  }

  @Test
  void run_help_usageExit0() {
    assertThat(run("--help")).isZero();
    assertThat(out()).contains("usage: java -jar tollgate-maven-plugin.jar");
  }

  /* ---- helpers ---- */

  private int versionStatus(String app, String version) throws Exception {
    return java.net.http.HttpClient.newHttpClient()
        .send(
            java.net.http.HttpRequest.newBuilder(
                    registry.url().resolve("/v1/apps/" + app + "/versions/" + version))
                .build(),
            java.net.http.HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }

  private int run(String... args) {
    Cli cli = new Cli(print(out), print(err), environment, workingDirectory);
    return cli.run(args);
  }

  private String[] registryArgs(String command, Path manifest, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                command,
                "--registry",
                registry.url().toString(),
                "--token",
                FakeRegistry.TOKEN,
                "--app",
                "web",
                "--version",
                "1.0.0",
                "--manifest",
                manifest.toString()));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  private Path manifestOf(String operations) throws IOException {
    Path sources = Files.createTempDirectory(workingDirectory, "src");
    Files.writeString(sources.resolve("ops.graphql"), operations);
    Path manifest = sources.resolve("manifest.json");
    assertThat(
            new Cli(print(new ByteArrayOutputStream()), print(err), Map.of(), workingDirectory)
                .run("manifest", "--source", sources.toString(), "--out", manifest.toString()))
        .isZero();
    return manifest;
  }

  private static String sha256(String text) {
    try {
      return java.util.HexFormat.of()
          .formatHex(
              java.security.MessageDigest.getInstance("SHA-256")
                  .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
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
