package dev.tollgate.registry.document;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The identity of a document: the lowercase hex SHA-256 of its exact UTF-8 text.
 *
 * <p>Accepted spellings on the wire are the bare 64-hex form and {@code sha256:<hex>}; upper-case hex
 * is normalised to lower case.
 */
public record DocumentHash(String hex) {

  private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");
  private static final String PREFIX = "sha256:";

  public DocumentHash {
    if (!HEX64.matcher(hex).matches()) {
      throw new InvalidDocumentIdException(hex);
    }
  }

  /** The hash of {@code text}, as UTF-8. */
  public static DocumentHash of(String text) {
    return new DocumentHash(HexFormat.of().formatHex(sha256(text.getBytes(StandardCharsets.UTF_8))));
  }

  /**
   * Reads an id as a client spells it: bare 64-hex or {@code sha256:}-prefixed.
   *
   * @throws InvalidDocumentIdException when it is neither
   */
  public static DocumentHash parse(String id) {
    String bare = id.startsWith(PREFIX) ? id.substring(PREFIX.length()) : id;
    String lower = bare.toLowerCase(java.util.Locale.ROOT);
    if (!HEX64.matcher(lower).matches()) {
      throw new InvalidDocumentIdException(id);
    }
    return new DocumentHash(lower);
  }

  /** True when {@code id} looks like a hash (64 hex digits, optionally prefixed). */
  public static boolean looksLikeHash(String id) {
    String bare = id.startsWith(PREFIX) ? id.substring(PREFIX.length()) : id;
    return HEX64.matcher(bare.toLowerCase(java.util.Locale.ROOT)).matches();
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

  private static byte[] sha256(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java platform", e);
    }
  }
}
