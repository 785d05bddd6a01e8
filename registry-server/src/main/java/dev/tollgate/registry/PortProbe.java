package dev.tollgate.registry;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.jspecify.annotations.Nullable;

/**
 * Holds the configured port from before the store is opened until the HTTP server binds it, so a
 * port in use stops the start before a data folder is created or the demo is published. Port 0 (any
 * free port) needs no probe.
 *
 * <p>The probe is a bound socket that does not listen: a client that connects meanwhile is refused
 * (and retries, as it would before any server), instead of being accepted into a backlog that
 * nobody answers and then cut off when the probe closes.
 */
final class PortProbe implements AutoCloseable {

  private final @Nullable Socket socket;

  private PortProbe(@Nullable Socket socket) {
    this.socket = socket;
  }

  /**
   * @param host the address the server will listen on ({@link ListenAddress#check})
   * @throws PortInUseException when {@code port} cannot be bound
   */
  static PortProbe reserve(InetAddress host, int port) {
    if (port == 0) {
      return new PortProbe(null);
    }
    Socket socket = null;
    try {
      socket = new Socket();
      // as Jetty binds it, so that closing this socket frees the port for Jetty at once
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(host, port));
      return new PortProbe(socket);
    } catch (IOException e) {
      closeQuietly(socket);
      throw new PortInUseException(port, e);
    }
  }

  /** {@code failure} of binding {@code port}, as a {@link PortInUseException} when it is one. */
  static RuntimeException describe(int port, RuntimeException failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof BindException bind) {
        return new PortInUseException(port, bind);
      }
    }
    return failure;
  }

  @Override
  public void close() {
    closeQuietly(socket);
  }

  private static void closeQuietly(@Nullable Socket socket) {
    if (socket == null) {
      return;
    }
    try {
      socket.close();
    } catch (IOException e) {
      // nothing was bound, or it is closed already
    }
  }
}
