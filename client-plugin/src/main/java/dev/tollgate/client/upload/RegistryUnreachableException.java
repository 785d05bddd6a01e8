package dev.tollgate.client.upload;

import java.net.ConnectException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;

/** No HTTP answer at all: wrong URL, registry down, network or timeout. */
public final class RegistryUnreachableException extends RegistryException {

  private final URI registryUrl;

  RegistryUnreachableException(URI registryUrl, Throwable cause) {
    super(
        "cannot reach the registry at " + registryUrl + ": " + describe(registryUrl, cause), cause);
    this.registryUrl = registryUrl;
  }

  public URI registryUrl() {
    return registryUrl;
  }

  @Override
  public String code() {
    return "REGISTRY_UNREACHABLE";
  }

  /**
   * What went wrong, in words: java.net.http reports an unknown host and a refused connection
   * alike, as a {@code ConnectException} (its cause a {@code ClosedChannelException} or an {@code
   * UnresolvedAddressException}), so the host is looked up again to tell them apart.
   */
  static String describe(URI registryUrl, Throwable cause) {
    String host = String.valueOf(registryUrl.getHost());
    for (Throwable t = cause; t != null; t = t.getCause()) {
      if (t instanceof UnknownHostException || t instanceof UnresolvedAddressException) {
        return "unknown host " + host;
      }
      if (t instanceof HttpConnectTimeoutException) {
        return "connecting to " + host + " timed out";
      }
      if (t instanceof HttpTimeoutException) {
        return "no answer from " + host + " in time";
      }
    }
    if (cause instanceof ConnectException) {
      if (!resolves(host)) {
        return "unknown host " + host;
      }
      return "connection refused by " + host + port(registryUrl) + " (is the registry running?)";
    }
    String message = cause.getMessage();
    String type = cause.getClass().getSimpleName();
    return message == null || message.isBlank() ? type : type + " (" + message + ")";
  }

  private static boolean resolves(String host) {
    try {
      InetAddress.getByName(host);
      return true;
    } catch (UnknownHostException e) {
      return false;
    }
  }

  private static String port(URI url) {
    if (url.getPort() >= 0) {
      return ":" + url.getPort();
    }
    return "https".equals(url.getScheme()) ? ":443" : ":80";
  }
}
