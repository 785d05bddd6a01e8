package dev.tollgate.registry.document;

/**
 * The rule for every document id a client sends or publishes: 1 to {@value #MAX_LENGTH} printable
 * ASCII characters (space to {@code ~}). An id that looks like a hash ({@link
 * DocumentHash#looksLikeHash}) is a SHA-256 id; any other valid id is a custom id, an alias of a
 * document within an app (a Relay md5, an Apollo {@code createOperationId}, a codegen hash).
 */
public final class DocumentIds {

  /** The longest id accepted, in characters. */
  public static final int MAX_LENGTH = 200;

  private DocumentIds() {}

  /** True when {@code id} is 1 to 200 printable ASCII characters: a loop, as on every request. */
  public static boolean isValid(String id) {
    if (id.isEmpty() || id.length() > MAX_LENGTH) {
      return false;
    }
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      if (c < ' ' || c > '~') {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code id} when it is a valid custom id: valid ({@link #isValid}) and not hash-like.
   *
   * @throws InvalidDocumentIdException naming the id when it is not 1 to 200 printable ASCII
   *     characters
   */
  public static String requireCustom(String id) {
    if (!isValid(id)) {
      throw InvalidDocumentIdException.notPrintable(id);
    }
    if (DocumentHash.looksLikeHash(id)) {
      throw new IllegalArgumentException("a SHA-256 id is not a custom id: " + id);
    }
    return id;
  }

  /**
   * {@code id} as it may be printed in a message: the first 80 characters, every character outside
   * printable ASCII escaped as a Java unicode escape (backslash, u, four hex digits).
   */
  public static String printable(String id) {
    String head = id.length() <= 80 ? id : id.substring(0, 77) + "...";
    StringBuilder out = new StringBuilder(head.length());
    for (int i = 0; i < head.length(); i++) {
      char c = head.charAt(i);
      if (c < ' ' || c > '~') {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
