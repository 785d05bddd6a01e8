package dev.tollgate.registry.document;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;

/** An id that is neither 64 hex digits nor {@code sha256:} followed by 64 hex digits. */
public final class InvalidDocumentIdException extends TollgateException {

  private final String id;

  public InvalidDocumentIdException(String id) {
    super(
        ErrorCode.INVALID_DOCUMENT_ID,
        "document id must be 64 hex digits or sha256:<64 hex digits>, got: " + abbreviate(id));
    this.id = id;
  }

  public String id() {
    return id;
  }

  private static String abbreviate(String id) {
    return id.length() <= 80 ? id : id.substring(0, 77) + "...";
  }
}
