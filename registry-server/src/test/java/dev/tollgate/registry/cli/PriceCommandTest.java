package dev.tollgate.registry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class PriceCommandTest {

  @TempDir Path temp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return PriceCommand.run(args, print(out), print(err));
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }

  private static String fixture(String path) {
    return file("/fixtures/" + path);
  }

  /** The cargo schema as the server ships it (the one copy, in src/main/resources). */
  private static String cargoSchema() {
    return file("/dev/tollgate/registry/demo/cargo.graphqls");
  }

  private static String file(String resource) {
    try {
      return Path.of(PriceCommandTest.class.getResource(resource).toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private String query(String text) throws IOException {
    Path file = temp.resolve("query.graphql");
    Files.writeString(file, text);
    return file.toString();
  }

  private String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void run_chapterOneQuery_printsOneJsonLine() {
    int status =
        run(
            "--schema",
            cargoSchema(),
            "--query",
            fixture("cases/s000-01-chapter1-nested/query.graphql"));

    assertThat(status).isZero();
    // cost, depth, aliases from s000-01; tokens by hand: 11 selection sets = 22 braces, 11 field
    // names, 3 x (first: 50) = 15, plus EOF = 49
    assertThat(stdout()).isEqualTo("{\"cost\":385151,\"depth\":11,\"aliases\":0,\"tokens\":49}\n");
  }

  @Test
  void run_variablesGiven_pricesWithThem() {
    int status =
        run(
            "--schema",
            cargoSchema(),
            "--query",
            fixture("cases/s000-28-variable-n2/query.graphql"),
            "--variables",
            "{\"n\": 2}");

    assertThat(status).isZero();
    // s000-28: 19; depth cargos..id is 7
    assertThat(stdout()).startsWith("{\"cost\":19,\"depth\":7,\"aliases\":0,");
  }

  @Test
  void run_apolloModel_usesApolloPrices() {
    int status =
        run(
            "--schema",
            fixture("bookstore.graphqls"),
            "--model",
            "apollo",
            "--query",
            fixture("cases/s003-04-newest-additions-limit3/query.graphql"));

    assertThat(status).isZero();
    // s003-04: 24; depth newestAdditions > publisher > address > zipCode = 4
    assertThat(stdout()).startsWith("{\"cost\":24,\"depth\":4,");
  }

  /** Twenty aliases of {@code cargo}, each spreading {@code F}. */
  static final String TWENTY_SPREADS = twentySpreads();

  private static String twentySpreads() {
    StringBuilder text = new StringBuilder("query Q {");
    for (int i = 0; i < 20; i++) {
      text.append(" a").append(i).append(": cargo(trackingId: \"").append(i).append("\") { ...F }");
    }
    return text.append(" } fragment F on Cargo { id origin { code } }").toString();
  }

  @Test
  void run_apolloModelFragmentUnderTwentyAliases_pricesEverySpread() throws IOException {
    int status =
        run("--schema", cargoSchema(), "--model", "apollo", "--query", query(TWENTY_SPREADS));

    assertThat(status).isZero();
    // apollo: cargo 1 + F (id 0 + origin 1 + code 0) = 2 per alias, 20 aliases
    assertThat(stdout()).startsWith("{\"cost\":40,");
  }

  @Test
  void run_fragmentSpreadsFirst_pricesTheFirstSpreadOnly() throws IOException {
    int status =
        run(
            "--schema",
            cargoSchema(),
            "--model",
            "apollo",
            "--fragment-spreads",
            "first",
            "--query",
            query(TWENTY_SPREADS));

    assertThat(status).isZero();
    // the first alias 2, the other 19 cargo 1 each
    assertThat(stdout()).startsWith("{\"cost\":21,");
  }

  @Test
  void run_bookModelFragmentSpreadsEach_pricesEverySpread() throws IOException {
    int bookDefault = run("--schema", cargoSchema(), "--query", query(TWENTY_SPREADS));
    String first = stdout();
    out.reset();
    int each =
        run(
            "--schema",
            cargoSchema(),
            "--fragment-spreads",
            "each",
            "--query",
            query(TWENTY_SPREADS));

    assertThat(bookDefault).isZero();
    assertThat(each).isZero();
    // book: F = id 1 + origin (1 + code 1) = 3; first: 1 + 3 + 19 × 1 = 23; each: 20 × (1 + 3)
    assertThat(first).startsWith("{\"cost\":23,");
    assertThat(stdout()).startsWith("{\"cost\":80,");
  }

  @Test
  void run_unknownFragmentSpreads_printsUsage() {
    int status = run("--schema", "s", "--query", "q", "--fragment-spreads", "some");

    assertThat(status).isEqualTo(2);
    assertThat(stderr())
        .contains("--fragment-spreads must be first or each, not some")
        .contains("usage: price");
  }

  @Test
  void run_tokenFlood_refusesWithTheBooksMessage() {
    int status =
        run(
            "--schema",
            cargoSchema(),
            "--query",
            fixture("cases/s000-29-token-flood/query.graphql"));

    assertThat(status).isEqualTo(2);
    assertThat(stdout()).isEmpty();
    assertThat(stderr()).contains("Document contains more than 5000 tokens. Parsing aborted.");
  }

  @Test
  void run_unknownField_printsValidationErrors() throws IOException {
    int status =
        run("--schema", cargoSchema(), "--query", query("{ cargo(trackingId: \"A\") { weight } }"));

    assertThat(status).isEqualTo(2);
    assertThat(stderr()).contains("Field 'weight' in type 'Cargo' is undefined");
  }

  @Test
  void run_syntaxError_exitsTwo() throws IOException {
    int status = run("--schema", cargoSchema(), "--query", query("{ cargos(first: ) }"));

    assertThat(status).isEqualTo(2);
    assertThat(stderr()).isNotBlank();
  }

  @Test
  void run_severalOperationsWithoutName_namesThem() throws IOException {
    String text =
        "query A { cargos(first: 1) { pageInfo { hasNextPage } } } query B { __typename }";

    int status = run("--schema", cargoSchema(), "--query", query(text));

    assertThat(status).isEqualTo(2);
    assertThat(stderr()).contains("A, B").contains("--operation");
  }

  @Test
  void run_severalOperationsWithName_pricesThatOne() throws IOException {
    String text =
        "query A { cargos(first: 1) { pageInfo { hasNextPage } } } query B { __typename }";

    int status = run("--schema", cargoSchema(), "--query", query(text), "--operation", "A");

    assertThat(status).isZero();
    // cargos 1 + 1 x (pageInfo 1 + hasNextPage 1) = 3; depth 3
    assertThat(stdout()).startsWith("{\"cost\":3,\"depth\":3,");
  }

  @Test
  void run_help_printsUsageAndEveryOptionExit0() {
    for (String flag : new String[] {"--help", "-h"}) {
      out.reset();

      assertThat(run(flag)).isEqualTo(0);

      assertThat(stdout())
          .startsWith("usage: price")
          .contains("--schema", "--query", "--variables", "--operation", "--model")
          .contains("--fragment-spreads", "Exit codes");
    }
    assertThat(stderr()).isEmpty();
  }

  @Test
  void run_queryFileMissing_saysNotFoundWithThePath() {
    Path missing = temp.resolve("missing.graphql");

    int status = run("--schema", cargoSchema(), "--query", missing.toString());

    assertThat(status).isEqualTo(2);
    assertThat(stderr().strip()).isEqualTo("not found: " + missing);
  }

  @Test
  void run_schemaFileMissing_saysNotFoundWithThePath() throws IOException {
    Path missing = temp.resolve("missing.graphqls");

    int status =
        run("--schema", missing.toString(), "--query", query("{ cargos { edges { cursor } } }"));

    assertThat(status).isEqualTo(2);
    assertThat(stderr().strip()).isEqualTo("not found: " + missing);
  }

  @Test
  void run_missingQuery_printsUsage() {
    int status = run("--schema", cargoSchema());

    assertThat(status).isEqualTo(2);
    assertThat(stderr()).contains("usage: price");
  }

  @Test
  void run_unknownModel_printsUsage() {
    int status = run("--schema", "s", "--query", "q", "--model", "ibm");

    assertThat(status).isEqualTo(2);
    assertThat(stderr()).contains("--model").contains("usage: price");
  }

  @Test
  void run_badVariable_exitsTwoNamingIt() {
    int status =
        run(
            "--schema",
            cargoSchema(),
            "--query",
            fixture("cases/s000-28-variable-n2/query.graphql"),
            "--variables",
            "{\"n\": \"many\"}");

    assertThat(status).isEqualTo(2);
    assertThat(stderr()).contains("'n'");
  }

  @Test
  void main_separateJvm_pricesLikeTheInProcessCommand() throws IOException, InterruptedException {
    // RegistryServer.main as `java -jar registry-server.jar price ...` runs it, on this test's
    // classpath
    String java = ProcessHandle.current().info().command().orElse("java");
    // C1 only and the serial collector: a one-shot run is mostly class loading, and they halve its
    // CPU time
    Process process =
        new ProcessBuilder(
                java,
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                "dev.tollgate.registry.RegistryServer",
                "price",
                "--schema",
                cargoSchema(),
                "--query",
                fixture("cases/s000-27-variable-n50/query.graphql"),
                "--variables",
                "{\"n\":50}")
            .redirectErrorStream(true)
            .start();

    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(process.waitFor()).isZero();
    // s000-27: 7651; depth cargos..id 7
    assertThat(output).startsWith("{\"cost\":7651,\"depth\":7,\"aliases\":0,");
  }

  @Test
  void run_missingSchemaFile_exitsTwo() throws IOException {
    int status =
        run(
            "--schema",
            temp.resolve("absent.graphqls").toString(),
            "--query",
            query("{ __typename }"));

    assertThat(status).isEqualTo(2);
    assertThat(stderr()).isNotBlank();
  }
}
