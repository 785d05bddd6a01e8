package dev.tollgate.registry;

import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.config.ConfigLoader;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import io.javalin.Javalin;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * The wiring: the only place that builds the store, the caches and the services, and passes them
 * through constructors. {@code main} starts the server (the embedded demo with no arguments) or
 * runs the {@code price} command. {@link #builder} builds the same application with overrides (a
 * clock, a ticker, an upstream, a store, the documents' reader), so that tests and benchmarks run
 * this wiring instead of a copy of it.
 */
public final class RegistryServer implements AutoCloseable {

  private final Javalin app;
  private final DocumentCatalog catalog;
  private final Closer closer;

  RegistryServer(Javalin app, DocumentCatalog catalog, Closer closer) {
    this.app = app;
    this.catalog = catalog;
    this.closer = closer;
  }

  public static void main(String[] args) {
    if (args.length > 0 && args[0].equals("price")) {
      System.exit(
          dev.tollgate.registry.cli.PriceCommand.run(
              java.util.Arrays.copyOfRange(args, 1, args.length), System.out, System.err));
      return;
    }
    ServerArguments arguments = ServerArguments.parse(args);
    ServerConfig config =
        arguments.configFile() == null
            ? DemoConfig.create(
                arguments.port() < 0 ? ServerConfig.Http.DEFAULTS.port() : arguments.port(),
                arguments.dataDir())
            : ConfigLoader.load(arguments.configFile(), arguments.port(), arguments.dataDir());
    if (arguments.configFile() == null) {
      printDemoCredentials(config.http().port());
    }
    RegistryServer server = builder(config).activateSchema(arguments.activateSchema()).start();
    Runtime.getRuntime().addShutdownHook(new Thread(server::close, "tollgate-shutdown"));
  }

  /** Builds everything from {@code config} and starts listening. */
  public static RegistryServer start(ServerConfig config) {
    return builder(config).start();
  }

  /** The application of {@code config}, with what {@link ServerBuilder} overrides. */
  public static ServerBuilder builder(ServerConfig config) {
    return new ServerBuilder(config);
  }

  public int port() {
    return app.port();
  }

  /**
   * The gateway's catalog of active documents: to reload it at once when its reader changed behind
   * the server's back ({@link ServerBuilder#documents}); publications through this server reload it
   * anyway.
   */
  public DocumentCatalog catalog() {
    return catalog;
  }

  @Override
  public void close() {
    app.stop();
    closer.close();
  }

  private static void printDemoCredentials(int port) {
    System.out.printf(
        """
        Tollgate embedded demo on http://localhost:%d (H2 in ./%s, cargo schema, in-process demo upstream)
          admin token   %s   (Authorization: Bearer ..., /v1 publish and retire)
          trusted key   %s     (X-API-Key, app %s, registered ids only)
          open key      %s (X-API-Key, any document, analysed)
        """,
        port,
        "tollgate-data",
        DemoConfig.ADMIN_TOKEN,
        DemoConfig.TRUSTED_KEY,
        DemoConfig.DEMO_APP,
        DemoConfig.OPEN_KEY);
  }

  /** {@code [--port N] [--data-dir DIR] [--config FILE] [--activate-schema]}. */
  record ServerArguments(
      int port, Path dataDir, @Nullable Path configFile, boolean activateSchema) {
    static ServerArguments parse(String[] args) {
      int port = -1;
      Path dataDir = Path.of("tollgate-data");
      Path config = null;
      boolean activateSchema = false;
      for (int i = 0; i < args.length; i++) {
        if (args[i].equals("--activate-schema")) {
          activateSchema = true;
          continue;
        }
        String value = i + 1 < args.length ? args[i + 1] : null;
        switch (args[i]) {
          case "--port" -> port = Integer.parseInt(required(args[i], value));
          case "--data-dir" -> dataDir = Path.of(required(args[i], value));
          case "--config" -> config = Path.of(required(args[i], value));
          default ->
              throw new IllegalArgumentException(
                  "unknown argument: "
                      + args[i]
                      + " (usage: [--port N] [--data-dir DIR] [--config FILE]"
                      + " [--activate-schema] | price ...)");
        }
        i++;
      }
      return new ServerArguments(port, dataDir, config, activateSchema);
    }

    private static String required(String flag, @Nullable String value) {
      if (value == null) {
        throw new IllegalArgumentException(flag + " needs a value");
      }
      return value;
    }
  }
}
