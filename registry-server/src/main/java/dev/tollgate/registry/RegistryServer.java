package dev.tollgate.registry;

import dev.tollgate.registry.catalog.DocumentCatalog;
import dev.tollgate.registry.config.ServerConfig;
import io.javalin.Javalin;

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

  /**
   * {@code java -jar registry-server.jar [--port N] [--data-dir DIR] [--config FILE]
   * [--activate-schema] | price ...}; {@code --help} prints the usage ({@link ServerCommand}).
   */
  public static void main(String[] args) {
    ServerCommand.Outcome outcome = ServerCommand.run(args, System.out, System.err);
    RegistryServer server = outcome.server();
    if (server == null) {
      System.exit(outcome.exitCode());
      return;
    }
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
}
