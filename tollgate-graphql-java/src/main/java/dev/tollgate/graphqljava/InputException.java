package dev.tollgate.graphqljava;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;

/** An execution input that names its document wrongly, refused as the gateway refuses its body. */
final class InputException extends TollgateException {

  InputException(ErrorCode code, String message) {
    super(code, message);
  }

  static InputException badRequest(String message) {
    return new InputException(ErrorCode.BAD_REQUEST, message);
  }
}
