package dev.tollgate.registry;

import dev.tollgate.registry.config.ConfigException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;

/**
 * The address the server listens on ({@code http.host}, {@code --host}), checked before the store
 * is opened: a name that does not resolve, or an address that is not this machine's, stops the
 * start with one line (exit code 2), as a port in use does.
 */
final class ListenAddress {

  private static final String HINT =
      "; choose another with --host or http.host (127.0.0.1: this machine only, 0.0.0.0: every"
          + " interface)";

  private ListenAddress() {}

  /**
   * @throws ConfigException when {@code host} does not resolve or cannot be bound here
   */
  static InetAddress check(String host) {
    InetAddress address;
    try {
      address = InetAddress.getByName(host);
    } catch (UnknownHostException e) {
      throw new ConfigException("cannot listen on " + host + ": unknown host" + HINT, e);
    }
    // Port 0 is never in use: what fails here is the address itself.
    try (Socket probe = new Socket()) {
      probe.bind(new InetSocketAddress(address, 0));
    } catch (IOException e) {
      throw new ConfigException(
          "cannot listen on "
              + host
              + ": not an address of this machine ("
              + e.getMessage()
              + ")"
              + HINT,
          e);
    }
    return address;
  }

  /** Whether only this machine can connect to {@code host} (a loopback address or name). */
  static boolean loopbackOnly(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** Whether {@code host} is every interface ({@code 0.0.0.0}, {@code ::}). */
  static boolean everyInterface(String host) {
    try {
      return InetAddress.getByName(host).isAnyLocalAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
