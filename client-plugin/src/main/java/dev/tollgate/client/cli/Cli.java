package dev.tollgate.client.cli;

import dev.tollgate.client.NoOperationsException;
import dev.tollgate.client.TollgateClientException;
import dev.tollgate.client.extract.ExtractionException;
import dev.tollgate.client.manifest.ManifestFormatException;
import dev.tollgate.client.upload.ManifestConflictException;
import dev.tollgate.client.upload.ManifestRejectedException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The command line: {@code manifest}, {@code check}, {@code publish} and {@code schema-check}, the
 * same library calls as the Maven goals, parsed by picocli; each command has its own {@code
 * --help}. Exit codes: 0 done; 1 refused (sources, manifest, registry refusal, conflict, operation
 * over --max-cost, an unaffordable one with --fail-on-unaffordable); 2 wrong command line; 3 could
 * not run (registry unreachable, token refused, unexpected answer, I/O).
 */
@Command(
    name = Cli.NAME,
    mixinStandardHelpOptions = true,
    versionProvider = CliVersion.class,
    synopsisHeading = "usage: ",
    descriptionHeading = "%n",
    customSynopsis = Cli.NAME + " <command> [options]",
    description = {
      "Gets a client's GraphQL operations into the Tollgate registry: extract them into a"
          + " persisted-query manifest, check it against the registry, publish it as (app,"
          + " version); check a schema change's impact."
    },
    optionListHeading = "%noptions:%n",
    commandListHeading = "%ncommands:%n",
    footer = {
      "",
      "Run a command with --help for its options, their defaults and an example: publish --help.",
      "",
      "exit codes: 0 done (warnings included); 1 refused (sources without operations or with"
          + " errors, registry refusal, conflict, cost, an unaffordable operation with"
          + " --fail-on-unaffordable); 2 wrong command line (also a --source that does not exist,"
          + " no token); 3 could not run (registry unreachable, token refused, I/O)"
    })
public final class Cli {

  static final int OK = 0;
  static final int REFUSED = 1;
  static final int USAGE = 2;
  static final int CANNOT_RUN = 3;
  static final String NAME = "java -jar tollgate-maven-plugin.jar";
  static final String DEFAULT_MANIFEST = "target/tollgate/persisted-query-manifest.json";

  private final CliContext context;

  Cli(PrintStream out, PrintStream err, Map<String, String> environment, Path workingDirectory) {
    this.context = new CliContext(out, err, environment, workingDirectory);
  }

  public static void main(String[] args) {
    Path cwd = Path.of("").toAbsolutePath();
    System.exit(new Cli(System.out, System.err, System.getenv(), cwd).run(args));
  }

  int run(String... args) {
    CommandLine root = commandLine();
    CommandLine.ParseResult parsed;
    try {
      parsed = root.parseArgs(args);
    } catch (CommandLine.ParameterException e) {
      return usage(e.getCommandLine(), describe(e));
    }
    if (CommandLine.printHelpIfRequested(parsed)) {
      return OK;
    }
    if (!parsed.hasSubcommand()) {
      return usage(root, "no command given");
    }
    return run(parsed.subcommand().commandSpec().commandLine());
  }

  private int run(CommandLine command) {
    try {
      return ((CliCommand) command.getCommand()).run();
    } catch (UsageException e) {
      return usage(command, String.valueOf(e.getMessage()));
    } catch (InputException e) {
      context.err().println("tollgate: " + e.getMessage());
      return USAGE;
    } catch (TollgateClientException e) {
      context.err().println("tollgate: " + e.getMessage());
      return exitCode(e);
    } catch (UncheckedIOException e) {
      context.err().println("tollgate: " + e.getMessage());
      return CANNOT_RUN;
    }
  }

  private CommandLine commandLine() {
    CommandLine line =
        new CommandLine(this)
            .addSubcommand(new ManifestCommand(context))
            .addSubcommand(new CheckCommand(context))
            .addSubcommand(new PublishCommand(context))
            .addSubcommand(new SchemaCheckCommand(context))
            .addSubcommand(new CommandLine.HelpCommand());
    // an argument starting with @ is a value (a file name, a token), never a file of arguments
    line.setExpandAtFiles(false);
    line.setUsageHelpWidth(100);
    line.setOut(new PrintWriter(context.out(), true, StandardCharsets.UTF_8));
    line.setErr(new PrintWriter(context.err(), true, StandardCharsets.UTF_8));
    return line;
  }

  /** The message, then the usage of the command it is about: exit code 2. */
  private int usage(CommandLine command, String message) {
    context.err().println("tollgate: " + message);
    context.err().print(command.getUsageMessage());
    return USAGE;
  }

  /** Picocli's parse errors in the words of the command line's own messages. */
  private static String describe(CommandLine.ParameterException e) {
    if (e instanceof CommandLine.UnmatchedArgumentException unmatched) {
      String argument = unmatched.getUnmatched().get(0);
      if (argument.startsWith("-")) {
        return "unknown option " + argument;
      }
      boolean root = e.getCommandLine().getParent() == null;
      return (root ? "unknown command " : "unexpected argument ") + argument;
    }
    if (e instanceof CommandLine.OverwrittenOptionException overwritten) {
      return name(overwritten.getOverwritten()) + " given twice";
    }
    if (e instanceof CommandLine.MissingParameterException missing) {
      List<ArgSpec> specs = missing.getMissing();
      if (!specs.isEmpty() && specs.get(0) instanceof OptionSpec) {
        return name(specs.get(0)) + " needs a value";
      }
    }
    return String.valueOf(e.getMessage());
  }

  private static String name(ArgSpec spec) {
    return spec instanceof OptionSpec option ? option.longestName() : spec.paramLabel();
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
