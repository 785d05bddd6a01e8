package dev.tollgate.registry.http;

import dev.tollgate.registry.ErrorKind;
import dev.tollgate.registry.TollgateException;
import java.util.Map;

/** Refusals decided by the routes themselves: credentials, sizes, query parameters and misses. */
final class RouteException extends TollgateException {

  private final Map<String, Object> extensions;

  private RouteException(String code, ErrorKind kind, String message, Map<String, Object> extensions) {
    super(code, kind, message);
    this.extensions = Map.copyOf(extensions);
  }

  static RouteException unauthenticated() {
    return new RouteException("UNAUTHENTICATED", ErrorKind.UNAUTHENTICATED,
        "this route needs an Authorization: Bearer <token> header", Map.of());
  }

  static RouteException forbidden(String message) {
    return new RouteException("FORBIDDEN", ErrorKind.FORBIDDEN, message, Map.of());
  }

  static RouteException tooLarge(long maxBytes) {
    return new RouteException("PAYLOAD_TOO_LARGE", ErrorKind.TOO_LARGE,
        "request body is larger than the limit of " + maxBytes + " bytes", Map.of("maxBytes", maxBytes));
  }

  static RouteException badParameter(String name, String value) {
    return new RouteException("INVALID_PARAMETER", ErrorKind.BAD_REQUEST,
        "query parameter " + name + " must be true or false: " + value, Map.of("parameter", name));
  }

  static RouteException documentNotFound(String id) {
    return new RouteException("DOCUMENT_NOT_FOUND", ErrorKind.NOT_FOUND, "no document with id " + id,
        Map.of("id", id));
  }

  static RouteException versionNotFound(String app, String version) {
    return new RouteException("VERSION_NOT_FOUND", ErrorKind.NOT_FOUND, "app " + app + " has no version " + version,
        Map.of("app", app, "version", version));
  }

  @Override
  public Map<String, Object> extensions() {
    return extensions;
  }
}
