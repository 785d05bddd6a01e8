package dev.tollgate.registry;

import dev.tollgate.registry.cli.JwtDemoTokenCommand;
import dev.tollgate.registry.cli.PriceCommand;
import dev.tollgate.registry.config.ConfigLoader;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.http.HttpSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The command line of {@code java -jar registry-server.jar}: the server's flags (parsed by picocli)
 * and the subcommands run from the same jar ({@link #SUBCOMMANDS}). Every user mistake is one line
 * on stderr and exit code 2, never a stack trace.
 */
@Command(
    name = "java -jar registry-server.jar",
    mixinStandardHelpOptions = true,
    versionProvider = ServerCommand.Version.class,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Tollgate: a persisted-query registry and admission gateway for GraphQL.",
      "",
      "With no --config, runs the embedded demo: H2 in ./tollgate-data (or --data-dir), the bundled"
          + " cargo schema, an in-process demo upstream, the demo manifest published as app"
          + " cargo-web, and fixed demo credentials (printed at start), on 127.0.0.1 only (--host"
          + " to change that).",
      "With --config FILE, runs what the JSON file says instead (store, schema, upstream, admin"
          + " tokens, API keys and their policies; docs/configuration.md). Relative paths in it are"
          + " resolved against the file's folder; the embedded H2 store goes to store.dataDir, by"
          + " default tollgate-data beside the file.",
      ""
    },
    footer = {
      "",
      "Exit codes: 0 started (or help/version printed), 2 a mistake in the arguments, the config or"
          + " the environment (the message says which), 1 an unexpected failure.",
      "Run a command with --help for its own options, e.g. price --help."
    })
final class ServerCommand {

  /** What {@link #run} returns while the server it started runs. */
  static final int RUNNING = -1;

  /**
   * Commands run from the server jar instead of the server: name, then what it does and how it is
   * run. Another command is one more row.
   */
  private static final Map<String, Subcommand> SUBCOMMANDS = subcommands();

  @Option(
      names = "--port",
      paramLabel = "N",
      description = "listening port (0: any free port); wins over http.port; default 8080")
  @Nullable Integer port;

  @Option(
      names = "--host",
      paramLabel = "ADDR",
      description =
          "address to listen on: 127.0.0.1 this machine only, 0.0.0.0 every interface; wins over"
              + " http.host; default 127.0.0.1 for the demo (its credentials are public), 0.0.0.0"
              + " with --config")
  @Nullable String host;

  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      description =
          "folder of the embedded H2 store (created if missing); wins over store.dataDir;"
              + " default ./tollgate-data for the demo")
  @Nullable Path dataDir;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description = "JSON config file (docs/configuration.md); without it, the embedded demo")
  @Nullable Path config;

  @Option(
      names = "--activate-schema",
      description =
          "publish and activate the config's schema (or the bundled one) when it differs from the"
              + " registry's active schema; the start stops when that would break active"
              + " operations. Without it the registry's active schema is kept and the difference"
              + " logged")
  boolean activateSchema;

  private @Nullable RegistryServer server;

  /** A command run from the jar, with its one-line description for the usage. */
  record Subcommand(String description, Runner runner) {}

  /** Runs a subcommand's arguments (without its name), answering the exit code. */
  interface Runner {
    int run(String[] args, PrintStream out, PrintStream err);
  }

  private static Map<String, Subcommand> subcommands() {
    Map<String, Subcommand> commands = new LinkedHashMap<>();
    commands.put(
        "price",
        new Subcommand(
            "prices one document offline against a schema and prints"
                + " {\"cost\",\"depth\",\"aliases\",\"tokens\"}",
            PriceCommand::run));
    commands.put(
        "jwt-demo-token",
        new Subcommand(
            "prints a bearer token for the embedded demo, signed by its public demo key"
                + " (--subject, --scope partner|web)",
            JwtDemoTokenCommand::run));
    return commands;
  }

  /** The outcome of a command line: an exit code, and the server when one was started. */
  record Outcome(int exitCode, @Nullable RegistryServer server) {}

  /**
   * Runs {@code args}: a subcommand, help, the version, or the server.
   *
   * @return the exit code, or {@link #RUNNING} with the started server
   */
  static Outcome run(String[] args, PrintStream out, PrintStream err) {
    if (args.length > 0 && SUBCOMMANDS.containsKey(args[0])) {
      Subcommand command = SUBCOMMANDS.get(args[0]);
      return new Outcome(
          command.runner().run(Arrays.copyOfRange(args, 1, args.length), out, err), null);
    }
    ServerCommand command = new ServerCommand();
    CommandLine line = commandLine(command, out, err);
    CommandLine.ParseResult parsed;
    try {
      parsed = line.parseArgs(args);
    } catch (CommandLine.ParameterException e) {
      err.println("tollgate: " + e.getMessage() + " (see --help)");
      return new Outcome(2, null);
    }
    if (CommandLine.printHelpIfRequested(parsed)) {
      return new Outcome(0, null);
    }
    return command.start(out, err);
  }

  private static CommandLine commandLine(ServerCommand command, PrintStream out, PrintStream err) {
    CommandLine line = new CommandLine(command);
    for (Map.Entry<String, Subcommand> entry : SUBCOMMANDS.entrySet()) {
      CommandSpec spec = CommandSpec.create().name(entry.getKey());
      spec.usageMessage().description(entry.getValue().description());
      line.addSubcommand(entry.getKey(), spec);
    }
    line.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
    line.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
    return line;
  }

  private Outcome start(PrintStream out, PrintStream err) {
    try {
      ServerConfig serverConfig = config();
      server = RegistryServer.builder(serverConfig).activateSchema(activateSchema).start();
      StartBanner.print(out, serverConfig, server, config == null, Version.version());
      return new Outcome(RUNNING, server);
    } catch (RuntimeException e) {
      StartFailure failure = StartFailure.of(e);
      err.println("tollgate: " + failure.message());
      if (failure.exitCode() != 2) {
        e.printStackTrace(err);
      }
      return new Outcome(failure.exitCode(), null);
    }
  }

  private ServerConfig config() {
    int portOverride = port == null ? -1 : port;
    if (config == null) {
      return DemoConfig.create(
          host == null ? DemoConfig.HOST : host,
          port == null ? HttpSettings.DEFAULTS.port() : port,
          dataDir == null ? Path.of(DemoConfig.DATA_DIR) : dataDir);
    }
    ServerConfig loaded = ConfigLoader.load(config, portOverride, dataDir);
    return host == null ? loaded : loaded.withHttp(loaded.http().withHost(host));
  }

  /** The project's version, filtered into {@code version.properties} by Maven. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"Tollgate " + version()};
    }

    static String version() {
      try (InputStream in = ServerCommand.class.getResourceAsStream("version.properties")) {
        if (in == null) {
          return "unknown";
        }
        Properties properties = new Properties();
        properties.load(in);
        return properties.getProperty("version", "unknown");
      } catch (IOException e) {
        return "unknown";
      }
    }
  }
}
