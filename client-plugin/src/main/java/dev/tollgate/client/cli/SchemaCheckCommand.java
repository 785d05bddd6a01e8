package dev.tollgate.client.cli;

import dev.tollgate.client.ClientOperations;
import dev.tollgate.client.SchemaCheckRequest;
import dev.tollgate.client.SchemaCheckResult;
import dev.tollgate.client.upload.ImpactTable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code schema-check}: the schema's impact report as a table; exit 1 when it fails (a broken
 * operation, a rise over {@code --max-increase}, an over-limit operation with {@code
 * --fail-on-over-limit true}), the other exit codes as for {@code check}.
 */
@Command(
    name = "schema-check",
    synopsisHeading = "usage: ",
    descriptionHeading = "%n",
    customSynopsis = {
      Cli.NAME + " schema-check --registry URL --schema FILE",
      "    [--max-increase P] [--fail-on-over-limit true] [--token T]"
    },
    sortOptions = false,
    description =
        "Send an SDL file as a schema dry run (POST /v1/schemas?dryRun=true, an admin token) and"
            + " print the impact on every active operation; fail on a broken operation.",
    optionListHeading = "%noptions:%n",
    footerHeading = "%nexample:%n",
    footer = {
      "  TOLLGATE_TOKEN=admin-demo " + Cli.NAME + " schema-check \\",
      "      --registry http://localhost:8080 --schema schema.graphqls --max-increase 50"
    })
final class SchemaCheckCommand implements CliCommand {

  private final CliContext context;

  @Mixin RegistryOptions registry = new RegistryOptions();

  @Option(names = "--schema", paramLabel = "FILE", description = "the new schema (SDL), required")
  @Nullable String schema;

  @Option(
      names = "--max-increase",
      paramLabel = "P",
      description =
          "also fail when an operation's cost rises by more than P percent (default: no limit)")
  @Nullable String maxIncrease;

  @Option(
      names = "--fail-on-over-limit",
      paramLabel = "true|false",
      description =
          "also fail when an operation costs more than every cost limit of the policies that may"
              + " run it (default: false)")
  @Nullable String failOnOverLimit;

  @Mixin HelpOption help = new HelpOption();

  SchemaCheckCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public int run() {
    SchemaCheckRequest request =
        new SchemaCheckRequest(
            registry.registryUrl(context),
            registry.token(context),
            context.resolve(require(schema)),
            maxIncrease(maxIncrease),
            failOnOverLimit(failOnOverLimit));
    SchemaCheckResult result = new ClientOperations().schemaCheck(request);
    ImpactTable.render(result.impact()).forEach(context.out()::println);
    if (!result.passed()) {
      result.violations().forEach(v -> context.err().println("tollgate: " + v));
      return Cli.REFUSED;
    }
    context
        .out()
        .println(
            "All " + result.impact().operations().size() + " operation(s) pass the schema check");
    return Cli.OK;
  }

  private static String require(@Nullable String schema) {
    if (schema == null || schema.isBlank()) {
      throw new UsageException("--schema is required for schema-check");
    }
    return schema;
  }

  private static @Nullable Double maxIncrease(@Nullable String text) {
    if (text == null) {
      return null;
    }
    try {
      double value = Double.parseDouble(text);
      if (value >= 0 && !Double.isInfinite(value)) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException("--max-increase " + text + " is not a percentage >= 0");
  }

  private static boolean failOnOverLimit(@Nullable String text) {
    if (text == null || text.equals("false")) {
      return false;
    }
    if (text.equals("true")) {
      return true;
    }
    throw new UsageException("--fail-on-over-limit " + text + " is not true or false");
  }
}
