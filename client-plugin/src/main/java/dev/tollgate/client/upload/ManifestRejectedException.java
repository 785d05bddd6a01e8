package dev.tollgate.client.upload;

import java.util.List;

/**
 * The registry refused the manifest itself: malformed, empty, an id that is not the body's hash
 * (400), too large (413), or GraphQL syntax or validation errors (422). Carries the registry's
 * error code and message and, when it sent them, one line per refused operation.
 */
public final class ManifestRejectedException extends RegistryException {

  private final int status;
  private final String registryCode;
  private final List<String> details;

  ManifestRejectedException(int status, String registryCode, String message, List<String> details) {
    super(describe(status, registryCode, message, details));
    this.status = status;
    this.registryCode = registryCode;
    this.details = List.copyOf(details);
  }

  public int status() {
    return status;
  }

  /** The registry's own error code, e.g. {@code GRAPHQL_VALIDATION_FAILED}. */
  public String registryCode() {
    return registryCode;
  }

  public List<String> details() {
    return details;
  }

  @Override
  public String code() {
    return "MANIFEST_REJECTED";
  }

  private static String describe(int status, String code, String message, List<String> details) {
    StringBuilder text =
        new StringBuilder("the registry refused the manifest (HTTP ")
            .append(status)
            .append(code.isEmpty() ? "" : ", " + code)
            .append("): ")
            .append(message);
    for (String detail : details) {
      text.append("\n  ").append(detail);
    }
    return text.toString();
  }
}
