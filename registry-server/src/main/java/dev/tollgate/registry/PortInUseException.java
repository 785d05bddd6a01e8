package dev.tollgate.registry;

import java.io.IOException;

/** The listening port is taken: thrown before the store is opened or anything is published. */
final class PortInUseException extends RuntimeException {

  PortInUseException(int port, IOException cause) {
    super(
        "port "
            + port
            + " is in use by another process ("
            + cause
            + "); stop it, or choose another with --port or http.port",
        cause);
  }
}
