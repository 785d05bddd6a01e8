package dev.tollgate.registry.demo;

/**
 * A resolver's refusal or a source's failure, reported as a GraphQL error with {@code
 * extensions.code} and this exact message (no "Exception while fetching data" prefix).
 */
final class DemoError extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String code;

  private DemoError(String code, String message) {
    super(message, null, false, false);
    this.code = code;
  }

  static DemoError badUserInput(String message) {
    return new DemoError("BAD_USER_INPUT", message);
  }

  static DemoError serviceUnavailable(String message) {
    return new DemoError("SERVICE_UNAVAILABLE", message);
  }

  String code() {
    return code;
  }
}
