package dev.tollgate.client.upload;

/** The registry wants a token and got none it accepts as one (HTTP 401). */
public final class RegistryUnauthorizedException extends RegistryException {

  RegistryUnauthorizedException(String message) {
    super(message);
  }

  @Override
  public String code() {
    return "REGISTRY_UNAUTHORIZED";
  }
}
