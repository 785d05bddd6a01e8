package dev.tollgate.registry.http;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;

/**
 * A {@code /graphql} request that cannot be read: refused before admission, with no upstream call.
 */
final class GatewayRequestException extends TollgateException {

  GatewayRequestException(ErrorCode code, String message) {
    super(code, message);
  }

  static GatewayRequestException badRequest(String message) {
    return new GatewayRequestException(ErrorCode.BAD_REQUEST, message);
  }
}
