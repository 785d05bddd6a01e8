package dev.tollgate.client.upload;

/**
 * The app version is already published with a different manifest (HTTP 409); versions are
 * immutable.
 */
public final class ManifestConflictException extends RegistryException {

  ManifestConflictException(String message) {
    super(message);
  }

  @Override
  public String code() {
    return "MANIFEST_CONFLICT";
  }
}
