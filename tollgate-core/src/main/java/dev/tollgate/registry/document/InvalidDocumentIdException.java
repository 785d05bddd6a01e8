package dev.tollgate.registry.document;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;

/**
 * An id that is neither 64 hex digits nor {@code sha256:} followed by 64 hex digits where a SHA-256
 * id is needed, or that is not 1 to 200 printable ASCII characters ({@link DocumentIds}).
 */
public final class InvalidDocumentIdException extends TollgateException {

  private final String id;

  public InvalidDocumentIdException(String id) {
    this(id, "document id must be 64 hex digits or sha256:<64 hex digits>, got: " + abbreviate(id));
  }

  private InvalidDocumentIdException(String id, String message) {
    super(
        ErrorCode.INVALID_DOCUMENT_ID, message, java.util.Map.of("id", DocumentIds.printable(id)));
    this.id = id;
  }

  /** An id that is not 1 to {@value DocumentIds#MAX_LENGTH} printable ASCII characters. */
  public static InvalidDocumentIdException notPrintable(String id) {
    return new InvalidDocumentIdException(
        id,
        "document id must be 1 to "
            + DocumentIds.MAX_LENGTH
            + " printable ASCII characters, got "
            + (id.isEmpty()
                ? "an empty id"
                : id.length() + " characters: " + DocumentIds.printable(id)));
  }

  public String id() {
    return id;
  }

  private static String abbreviate(String id) {
    return id.length() <= 80 ? id : id.substring(0, 77) + "...";
  }
}
