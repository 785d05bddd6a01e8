package dev.tollgate.client.cli;

import dev.tollgate.client.CheckRequest;
import dev.tollgate.client.CheckResult;
import dev.tollgate.client.ClientOperations;
import dev.tollgate.client.ExtractRequest;
import dev.tollgate.client.NoOperationsException;
import dev.tollgate.client.PublishRequest;
import dev.tollgate.client.PublishResult;
import dev.tollgate.client.RegistryRequest;
import dev.tollgate.client.TollgateClientException;
import dev.tollgate.client.extract.ExtractionException;
import dev.tollgate.client.manifest.Manifest;
import dev.tollgate.client.manifest.ManifestFormatException;
import dev.tollgate.client.upload.ManifestConflictException;
import dev.tollgate.client.upload.ManifestRejectedException;
import dev.tollgate.client.upload.RegistryReport;
import dev.tollgate.client.upload.ReportTable;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The command line: {@code manifest}, {@code check}, {@code publish} and {@code schema-check}
 * ({@link SchemaCheckCommand}), the same library calls as the Maven goals. Exit codes: 0 done; 1
 * refused (sources, manifest, registry refusal, conflict, operation over --max-cost); 2 wrong
 * command line; 3 could not run (registry unreachable, token refused, unexpected answer, I/O).
 */
public final class Cli {

  static final int OK = 0;
  static final int REFUSED = 1;
  static final int USAGE = 2;
  static final int CANNOT_RUN = 3;
  static final String DEFAULT_MANIFEST = "target/tollgate/persisted-query-manifest.json";

  private final PrintStream out;
  private final PrintStream err;
  private final Map<String, String> environment;
  private final Path workingDirectory;
  private final ClientOperations operations = new ClientOperations();

  Cli(PrintStream out, PrintStream err, Map<String, String> environment, Path workingDirectory) {
    this.out = out;
    this.err = err;
    this.environment = environment;
    this.workingDirectory = workingDirectory;
  }

  public static void main(String[] args) {
    Path cwd = Path.of("").toAbsolutePath();
    System.exit(new Cli(System.out, System.err, System.getenv(), cwd).run(args));
  }

  int run(String... args) {
    if (args.length == 1 && List.of("help", "--help", "-h").contains(args[0])) {
      out.print(Usage.TEXT);
      return OK;
    }
    try {
      return dispatch(CliArguments.parse(args));
    } catch (CliArguments.UsageException e) {
      err.println("tollgate: " + e.getMessage());
      err.print(Usage.TEXT);
      return USAGE;
    } catch (CliArguments.InputException e) {
      err.println("tollgate: " + e.getMessage());
      return USAGE;
    } catch (TollgateClientException e) {
      err.println("tollgate: " + e.getMessage());
      return exitCode(e);
    } catch (UncheckedIOException e) {
      err.println("tollgate: " + e.getMessage());
      return CANNOT_RUN;
    }
  }

  private int dispatch(CliArguments arguments) {
    return switch (arguments.command()) {
      case "manifest" -> manifest(arguments);
      case "check" -> check(arguments);
      case "publish" -> publish(arguments);
      case "schema-check" ->
          new SchemaCheckCommand(out, err, environment, workingDirectory).run(arguments);
      default -> throw new CliArguments.UsageException("unknown command " + arguments.command());
    };
  }

  private int manifest(CliArguments arguments) {
    List<Path> sources = sources(arguments);
    String schema = arguments.get("--schema");
    Path outFile = path(arguments.get("--out"), DEFAULT_MANIFEST);
    Manifest manifest =
        operations.extract(
            new ExtractRequest(
                sources,
                schema == null ? null : workingDirectory.resolve(schema),
                workingDirectory,
                outFile,
                arguments.has("--allow-empty")));
    out.println("Wrote " + manifest.size() + " operation(s) to " + outFile);
    return OK;
  }

  private List<Path> sources(CliArguments arguments) {
    if (arguments.sources().isEmpty()) {
      return ExtractRequest.defaultSourceDirectories(workingDirectory);
    }
    List<Path> sources = arguments.sources().stream().map(workingDirectory::resolve).toList();
    for (Path source : sources) {
      if (!Files.isDirectory(source)) {
        throw new CliArguments.InputException("--source " + source + ": no such folder");
      }
    }
    return sources;
  }

  private int check(CliArguments arguments) {
    Long maxCost = maxCost(arguments.get("--max-cost"));
    CheckResult result = operations.check(new CheckRequest(registryRequest(arguments), maxCost));
    ReportTable.render(result.report()).forEach(out::println);
    boolean unaffordable = warnUnaffordable(result.report());
    if (!result.passed()) {
      result.violations().forEach(v -> err.println("tollgate: " + v));
      return REFUSED;
    }
    if (unaffordable && arguments.has("--fail-on-unaffordable")) {
      return REFUSED;
    }
    out.println(
        "All " + result.report().operations().size() + " operation(s) pass the registry's check");
    return OK;
  }

  private int publish(CliArguments arguments) {
    RegistryRequest request = registryRequest(arguments);
    boolean failOnUnaffordable = arguments.has("--fail-on-unaffordable");
    PublishResult result = operations.publish(new PublishRequest(request, failOnUnaffordable));
    if (!result.published()) {
      result.unaffordable().forEach(w -> err.println("tollgate: " + w));
      err.println(
          "tollgate: nothing published: "
              + result.unaffordable().size()
              + " operation(s) no policy can run (--fail-on-unaffordable)");
      return REFUSED;
    }
    RegistryReport report = result.report();
    out.println(
        "Published "
            + request.app()
            + " "
            + request.version()
            + ": "
            + report.newCount()
            + " new, "
            + report.existingCount()
            + " existing operation(s)");
    result.unaffordable().forEach(w -> err.println("tollgate: warning: " + w));
    if (!result.unaffordable().isEmpty() && failOnUnaffordable) {
      // the registry's prices changed between the dry run and the publication
      err.println("tollgate: published, but the registry's prices changed after its dry run");
      return REFUSED;
    }
    return OK;
  }

  /** Prints a warning per operation no policy can run; whether there was one. */
  private boolean warnUnaffordable(RegistryReport report) {
    List<String> warnings = ClientOperations.unaffordable(report);
    warnings.forEach(w -> err.println("tollgate: warning: " + w));
    return !warnings.isEmpty();
  }

  private RegistryRequest registryRequest(CliArguments arguments) {
    String registry = arguments.get("--registry");
    if (registry == null) {
      registry = environment.get("TOLLGATE_REGISTRY_URL");
    }
    if (registry == null || registry.isBlank()) {
      throw new CliArguments.UsageException(
          "--registry URL (or TOLLGATE_REGISTRY_URL) is required");
    }
    String app = arguments.require("--app");
    String version = arguments.require("--version");
    String token = arguments.get("--token");
    if (token == null) {
      token = environment.get("TOLLGATE_TOKEN");
    }
    if (token == null || token.isBlank()) {
      throw new CliArguments.InputException(
          "no token: "
              + arguments.command()
              + " needs a publish token of the registry (--token T, or the environment variable"
              + " TOLLGATE_TOKEN)");
    }
    return new RegistryRequest(
        registryUri(registry),
        token,
        app,
        version,
        path(arguments.get("--manifest"), DEFAULT_MANIFEST));
  }

  private static URI registryUri(String text) {
    try {
      URI uri = URI.create(text.strip());
      if (uri.getScheme() != null && uri.getHost() != null) {
        return uri;
      }
    } catch (IllegalArgumentException e) {
      // reported below, with the flag's name
    }
    throw new CliArguments.UsageException(
        "--registry " + text + " is not an http(s)://host[:port] URL");
  }

  private static @Nullable Long maxCost(@Nullable String text) {
    if (text == null) {
      return null;
    }
    try {
      long value = Long.parseLong(text);
      if (value >= 0) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new CliArguments.UsageException("--max-cost " + text + " is not a whole number >= 0");
  }

  private Path path(@Nullable String given, String fallback) {
    return workingDirectory.resolve(given == null ? fallback : given);
  }

  private static int exitCode(TollgateClientException e) {
    boolean refused =
        e instanceof ExtractionException
            || e instanceof NoOperationsException
            || e instanceof ManifestFormatException
            || e instanceof ManifestRejectedException
            || e instanceof ManifestConflictException;
    return refused ? REFUSED : CANNOT_RUN;
  }
}
