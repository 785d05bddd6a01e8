package dev.tollgate.registry;

import dev.tollgate.registry.config.ConfigLoader;
import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.http.HttpErrors;
import io.javalin.Javalin;
import java.nio.file.Path;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The wiring: the only place that builds the store, the caches and the services, and passes them
 * through constructors. {@code main} starts the server (the embedded demo with no arguments) or
 * runs the {@code price} command.
 */
public final class RegistryServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(RegistryServer.class);

  private final Javalin app;

  private RegistryServer(Javalin app) {
    this.app = app;
  }

  public static void main(String[] args) {
    if (args.length > 0 && args[0].equals("price")) { System.exit(dev.tollgate.registry.cli.PriceCommand.run(java.util.Arrays.copyOfRange(args, 1, args.length), System.out, System.err)); return; }
    ServerArguments arguments = ServerArguments.parse(args);
    ServerConfig config = arguments.configFile() == null
        ? DemoConfig.create(arguments.port() < 0 ? 8080 : arguments.port(), arguments.dataDir())
        : ConfigLoader.load(arguments.configFile(), arguments.port(), arguments.dataDir());
    RegistryServer server = start(config);
    Runtime.getRuntime().addShutdownHook(new Thread(server::close, "tollgate-shutdown"));
  }

  /** Builds everything from {@code config} and starts listening. */
  public static RegistryServer start(ServerConfig config) {
    Javalin app = Javalin.create(javalin -> {
      javalin.http.maxRequestSize = config.http().maxBodyBytes();
      javalin.startup.showJavalinBanner = false;
      HttpErrors.register(javalin);
      javalin.routes.get("/health", ctx -> ctx.json(Map.of("status", "ok")));
    });
    app.start(config.http().port());
    LOG.info("Tollgate listening on port {}", app.port());
    return new RegistryServer(app);
  }

  public int port() {
    return app.port();
  }

  @Override
  public void close() {
    app.stop();
  }

  /** {@code [--port N] [--data-dir DIR] [--config FILE]}. */
  record ServerArguments(int port, Path dataDir, @Nullable Path configFile) {
    static ServerArguments parse(String[] args) {
      int port = -1;
      Path dataDir = Path.of("tollgate-data");
      Path config = null;
      for (int i = 0; i < args.length; i++) {
        String value = i + 1 < args.length ? args[i + 1] : null;
        switch (args[i]) {
          case "--port" -> port = Integer.parseInt(required(args[i], value));
          case "--data-dir" -> dataDir = Path.of(required(args[i], value));
          case "--config" -> config = Path.of(required(args[i], value));
          default -> throw new IllegalArgumentException("unknown argument: " + args[i]
              + " (usage: [--port N] [--data-dir DIR] [--config FILE] | price ...)");
        }
        i++;
      }
      return new ServerArguments(port, dataDir, config);
    }

    private static String required(String flag, @Nullable String value) {
      if (value == null) {
        throw new IllegalArgumentException(flag + " needs a value");
      }
      return value;
    }
  }
}
