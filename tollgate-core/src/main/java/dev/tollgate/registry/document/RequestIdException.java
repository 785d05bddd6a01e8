package dev.tollgate.registry.document;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;

/**
 * A request that names its document wrongly: two ids that differ, or an {@code
 * extensions.persistedQuery} that is not version 1 with a hash ({@link RequestIds}).
 */
public final class RequestIdException extends TollgateException {

  RequestIdException(ErrorCode code, String message) {
    super(code, message);
  }

  static RequestIdException badRequest(String message) {
    return new RequestIdException(ErrorCode.BAD_REQUEST, message);
  }
}
