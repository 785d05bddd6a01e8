package dev.tollgate.client.upload;

/** The registry answered, but not in a way this client understands (5xx, or not its JSON). */
public final class RegistryResponseException extends RegistryException {

  private final int status;

  RegistryResponseException(int status, String message) {
    super("unexpected answer from the registry (HTTP " + status + "): " + message);
    this.status = status;
  }

  public int status() {
    return status;
  }

  @Override
  public String code() {
    return "REGISTRY_ERROR";
  }
}
