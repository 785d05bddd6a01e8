package dev.tollgate.client.upload;

/** The registry knows the token but it may not publish (HTTP 403). */
public final class RegistryForbiddenException extends RegistryException {

  RegistryForbiddenException(String message) {
    super(message);
  }

  @Override
  public String code() {
    return "REGISTRY_FORBIDDEN";
  }
}
