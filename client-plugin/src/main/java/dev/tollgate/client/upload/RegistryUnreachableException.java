package dev.tollgate.client.upload;

import java.net.URI;

/** No HTTP answer at all: wrong URL, registry down, network or timeout. */
public final class RegistryUnreachableException extends RegistryException {

  private final URI registryUrl;

  RegistryUnreachableException(URI registryUrl, Throwable cause) {
    super("cannot reach the registry at " + registryUrl + ": " + describe(cause), cause);
    this.registryUrl = registryUrl;
  }

  public URI registryUrl() {
    return registryUrl;
  }

  @Override
  public String code() {
    return "REGISTRY_UNREACHABLE";
  }

  private static String describe(Throwable cause) {
    String message = cause.getMessage();
    String type = cause.getClass().getSimpleName();
    return message == null || message.isBlank() ? type : type + " (" + message + ")";
  }
}
