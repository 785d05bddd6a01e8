package dev.tollgate.client.cli;

import dev.tollgate.client.ClientOperations;
import dev.tollgate.client.SchemaCheckRequest;
import dev.tollgate.client.SchemaCheckResult;
import dev.tollgate.client.upload.ImpactTable;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * {@code schema-check}: the schema's impact report as a table; exit 1 when it fails (a broken
 * operation, a rise over {@code --max-increase}, an over-limit operation with {@code
 * --fail-on-over-limit true}), the other exit codes as for {@code check}.
 */
final class SchemaCheckCommand {

  private final PrintStream out;
  private final PrintStream err;
  private final Map<String, String> environment;
  private final Path workingDirectory;

  SchemaCheckCommand(
      PrintStream out, PrintStream err, Map<String, String> environment, Path workingDirectory) {
    this.out = out;
    this.err = err;
    this.environment = environment;
    this.workingDirectory = workingDirectory;
  }

  int run(CliArguments arguments) {
    SchemaCheckRequest request =
        new SchemaCheckRequest(
            registry(arguments),
            token(arguments),
            workingDirectory.resolve(arguments.require("--schema")),
            maxIncrease(arguments.get("--max-increase")),
            failOnOverLimit(arguments.get("--fail-on-over-limit")));
    SchemaCheckResult result = new ClientOperations().schemaCheck(request);
    ImpactTable.render(result.impact()).forEach(out::println);
    if (!result.passed()) {
      result.violations().forEach(v -> err.println("tollgate: " + v));
      return Cli.REFUSED;
    }
    out.println(
        "All " + result.impact().operations().size() + " operation(s) pass the schema check");
    return Cli.OK;
  }

  private URI registry(CliArguments arguments) {
    String registry = arguments.get("--registry");
    if (registry == null) {
      registry = environment.get("TOLLGATE_REGISTRY_URL");
    }
    if (registry == null || registry.isBlank()) {
      throw new CliArguments.UsageException(
          "--registry URL (or TOLLGATE_REGISTRY_URL) is required");
    }
    try {
      URI uri = URI.create(registry.strip());
      if (uri.getScheme() != null && uri.getHost() != null) {
        return uri;
      }
    } catch (IllegalArgumentException e) {
      // reported below, with the flag's name
    }
    throw new CliArguments.UsageException(
        "--registry " + registry + " is not an http(s)://host[:port] URL");
  }

  private @Nullable String token(CliArguments arguments) {
    String token = arguments.get("--token");
    return token != null ? token : environment.get("TOLLGATE_TOKEN");
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
    throw new CliArguments.UsageException("--max-increase " + text + " is not a percentage >= 0");
  }

  private static boolean failOnOverLimit(@Nullable String text) {
    if (text == null || text.equals("false")) {
      return false;
    }
    if (text.equals("true")) {
      return true;
    }
    throw new CliArguments.UsageException("--fail-on-over-limit " + text + " is not true or false");
  }
}
