package dev.tollgate.registry.document;

/**
 * The identity of a document: the lowercase hex SHA-256 of its exact UTF-8 text.
 *
 * <p>Accepted spellings on the wire are the bare 64-hex form and {@code sha256:<hex>}; upper-case
 * hex is normalised to lower case.
 */
public record DocumentHash(String hex) {

  private static final String PREFIX = "sha256:";

  public DocumentHash {
    if (!isHex64(hex)) {
      throw new InvalidDocumentIdException(hex);
    }
  }

  /** The hash of {@code text}, as UTF-8. */
  public static DocumentHash of(String text) {
    return new DocumentHash(Sha256.hex(text));
  }

  /**
   * Reads an id as a client spells it: bare 64-hex or {@code sha256:}-prefixed.
   *
   * @throws InvalidDocumentIdException when it is neither
   */
  public static DocumentHash parse(String id) {
    String bare = id.startsWith(PREFIX) ? id.substring(PREFIX.length()) : id;
    String lower = bare.toLowerCase(java.util.Locale.ROOT);
    if (!isHex64(lower)) {
      throw new InvalidDocumentIdException(id);
    }
    return new DocumentHash(lower);
  }

  /** True when {@code id} looks like a hash (64 hex digits, optionally prefixed). */
  public static boolean looksLikeHash(String id) {
    String bare = id.startsWith(PREFIX) ? id.substring(PREFIX.length()) : id;
    return isHex64(bare.toLowerCase(java.util.Locale.ROOT));
  }

  public boolean matches(String text) {
    return equals(of(text));
  }

  public String prefixed() {
    return PREFIX + hex;
  }

  @Override
  public String toString() {
    return hex;
  }

  /** 64 lowercase hex digits: a loop, not a regex, since every gateway request checks one. */
  private static boolean isHex64(String text) {
    if (text.length() != 64) {
      return false;
    }
    for (int i = 0; i < 64; i++) {
      char c = text.charAt(i);
      if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
        return false;
      }
    }
    return true;
  }
}
