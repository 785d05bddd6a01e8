package dev.tollgate.registry.measure;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;

/**
 * A measurement batch that cannot be read: not JSON ({@code MALFORMED_JSON}), or JSON of another
 * shape ({@code BAD_REQUEST}), the offending field named in the message.
 */
public final class InvalidMeasurementsException extends TollgateException {

  private InvalidMeasurementsException(ErrorCode code, String message) {
    super(code, message);
  }

  static InvalidMeasurementsException notJson(String detail) {
    return new InvalidMeasurementsException(
        ErrorCode.MALFORMED_JSON, "measurement batch is not valid JSON: " + detail);
  }

  static InvalidMeasurementsException badField(String message) {
    return new InvalidMeasurementsException(ErrorCode.BAD_REQUEST, "measurement batch: " + message);
  }
}
