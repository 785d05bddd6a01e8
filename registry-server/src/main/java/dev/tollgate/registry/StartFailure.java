package dev.tollgate.registry;

import dev.tollgate.registry.config.ConfigException;
import dev.tollgate.registry.store.StoreUnavailableException;
import java.io.UncheckedIOException;

/**
 * Why the server did not start, as {@code main} prints it: one line, and exit code 2 for what the
 * user can fix (arguments, config, files, the store, the port), 1 for anything else (a bug: its
 * stack trace follows).
 */
record StartFailure(String message, int exitCode) {

  static StartFailure of(RuntimeException e) {
    if (e instanceof ConfigException
        || e instanceof StoreUnavailableException
        || e instanceof PortInUseException) {
      return new StartFailure(String.valueOf(e.getMessage()), 2);
    }
    if (e instanceof UncheckedIOException io) {
      return new StartFailure(e.getMessage() + ": " + io.getCause(), 2);
    }
    return new StartFailure("failed to start: " + e, 1);
  }
}
