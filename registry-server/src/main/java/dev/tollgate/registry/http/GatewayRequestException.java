package dev.tollgate.registry.http;

import dev.tollgate.registry.ErrorKind;
import dev.tollgate.registry.TollgateException;

/** A {@code /graphql} request that cannot be read: refused before admission, with no upstream call. */
final class GatewayRequestException extends TollgateException {

  GatewayRequestException(String code, ErrorKind kind, String message) {
    super(code, kind, message);
  }

  static GatewayRequestException badRequest(String message) {
    return new GatewayRequestException("BAD_REQUEST", ErrorKind.BAD_REQUEST, message);
  }
}
