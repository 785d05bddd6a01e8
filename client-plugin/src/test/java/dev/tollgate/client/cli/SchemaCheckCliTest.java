package dev.tollgate.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.client.FakeRegistry;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code schema-check} against the fake registry: the impact table, and the exit codes of {@code
 * check} (0 pass, 1 refused, 2 wrong command line, 3 could not run).
 */
final class SchemaCheckCliTest {

  private static final String SDL = "type Query { cargos(first: Int): [String] }";

  /**
   * Cargos 31 -> 121 (+290%), Legs 4 -> 3, Deep 331 -> 1321 over every limit; Track broken only in
   * {@link #BROKEN}.
   */
  private static final String PASSING =
      report(
          row("Cargos", "31", "121", "dearer", "\"1 + ($n ?? 40) × 3\"", "[]")
              + ","
              + row("Legs", "4", "3", "cheaper", "\"3\"", "[]")
              + ","
              + row("Deep", "331", "1321", "over-limit", "\"1321\"", "[]"));

  private static final String BROKEN =
      report(
          row(
              "Track",
              "4",
              "null",
              "broken",
              "null",
              "[\"Validation error (FieldUndefined@[cargo/delivery/eta]) : Field 'eta' in type"
                  + " 'Delivery' is undefined\"]"));

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final FakeRegistry registry = FakeRegistry.start();

  @TempDir Path workingDirectory;

  @BeforeEach
  void schemaFile() throws IOException {
    Files.writeString(workingDirectory.resolve("schema.graphqls"), SDL);
  }

  @AfterEach
  void stop() {
    registry.close();
  }

  @Test
  void schemaCheck_noBrokenOperation_printsImpactTableExit0() {
    registry.schemaImpact(PASSING);

    int exit = run(args());

    assertThat(exit).as(err()).isZero();
    assertThat(out())
        .contains("OLD COST")
        .contains("NEW COST")
        .contains("Cargos")
        .contains("121")
        .contains("dearer")
        .contains("1 + ($n ?? 40) × 3")
        .contains("All 3 operation(s) pass the schema check");
    FakeRegistry.Request sent = registry.requests().get(0);
    assertThat(sent.path()).isEqualTo("/v1/schemas");
    assertThat(sent.query()).isEqualTo("dryRun=true");
    assertThat(sent.body()).isEqualTo(SDL);
  }

  @Test
  void schemaCheck_brokenOperation_exit1NamingIt() {
    registry.schemaImpact(BROKEN);

    int exit = run(args());

    assertThat(exit).isEqualTo(Cli.REFUSED);
    assertThat(err()).contains("Track (web 1): broken").contains("'eta'");
  }

  @Test
  void schemaCheck_dearerBeyondMaxIncrease_exit1() {
    registry.schemaImpact(PASSING);

    // Cargos rose by (121 - 31) / 31 = 290.3%: over 200%, under 300%
    int over = run(args("--max-increase", "200"));
    String overErr = err();
    err.reset();
    int under = run(args("--max-increase", "300"));

    assertThat(over).isEqualTo(Cli.REFUSED);
    assertThat(overErr).contains("Cargos (web 1): dearer by 290.3% (31 -> 121)");
    assertThat(under).as(err()).isZero();
  }

  @Test
  void schemaCheck_overLimitWhenAsked_exit1() {
    registry.schemaImpact(PASSING);

    int exit = run(args("--fail-on-over-limit", "true"));

    assertThat(exit).isEqualTo(Cli.REFUSED);
    assertThat(err()).contains("Deep (web 1): costs 1321, over every limit");
  }

  @Test
  void schemaCheck_invalidSchema_exit1WithTheRegistrysErrors() {
    registry.answer(
        422,
        "{\"code\":\"INVALID_SCHEMA\",\"message\":\"the schema is invalid\","
            + "\"extensions\":{\"errors\":[\"Query.nodes: @listSize names 'idz'\"]}}");

    int exit = run(args());

    assertThat(exit).isEqualTo(Cli.REFUSED);
    assertThat(err()).contains("INVALID_SCHEMA").contains("idz");
  }

  @Test
  void schemaCheck_wrongCommandLines_exit2AndUnreachable_exit3() {
    registry.schemaImpact(PASSING);

    int noSchema = run("schema-check", "--registry", registry.url().toString());
    int badPercent = run(args("--max-increase", "-5"));
    int badFlag = run(args("--fail-on-over-limit", "yes"));
    registry.close();
    int unreachable = run(args());

    assertThat(noSchema).isEqualTo(Cli.USAGE);
    assertThat(badPercent).isEqualTo(Cli.USAGE);
    assertThat(badFlag).isEqualTo(Cli.USAGE);
    assertThat(unreachable).isEqualTo(Cli.CANNOT_RUN);
  }

  @Test
  void schemaCheck_wrongToken_exit3() {
    registry.schemaImpact(PASSING);

    int exit =
        run(
            "schema-check",
            "--registry",
            registry.url().toString(),
            "--token",
            "wrong",
            "--schema",
            "schema.graphqls");

    assertThat(exit).isEqualTo(Cli.CANNOT_RUN);
  }

  private String[] args(String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "schema-check",
                "--registry",
                registry.url().toString(),
                "--token",
                FakeRegistry.TOKEN,
                "--schema",
                "schema.graphqls"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  private int run(String... args) {
    Cli cli =
        new Cli(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of(),
            workingDirectory);
    return cli.run(args);
  }

  private static String row(
      String name, String oldCost, String newCost, String status, String newPrice, String errors) {
    return "{\"app\":\"web\",\"version\":\"1\",\"id\":\"abc\",\"name\":\""
        + name
        + "\",\"oldPrice\":\""
        + oldCost
        + "\",\"newPrice\":"
        + newPrice
        + ",\"oldCost\":"
        + oldCost
        + ",\"newCost\":"
        + newCost
        + ",\"status\":\""
        + status
        + "\",\"errors\":"
        + errors
        + "}";
  }

  private static String report(String operations) {
    return "{\"fingerprint\":\"f\",\"dryRun\":true,\"summary\":{\"broken\":0},\"operations\":["
        + operations
        + "]}";
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
