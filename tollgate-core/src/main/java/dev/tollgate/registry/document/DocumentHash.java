package dev.tollgate.registry.document;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * The identity of a document: the SHA-256 of its exact UTF-8 text, written as 64 lowercase hex
 * digits.
 *
 * <p>Accepted spellings on the wire are the bare 64-hex form and {@code sha256:<hex>}; upper-case
 * hex is normalised to lower case.
 *
 * <p>Held as its 32 bytes in four longs (48 bytes an instance, against 152 for the hex text it
 * replaces): a registry of a million operations keeps several ids per operation in its indexes and
 * caches. {@link #hex()} writes the text when asked.
 */
public final class DocumentHash {

  private static final String PREFIX = "sha256:";
  private static final HexFormat HEX = HexFormat.of();

  private final long a;
  private final long b;
  private final long c;
  private final long d;

  /**
   * The hash written as {@code hex}: 64 lowercase hex digits.
   *
   * @throws InvalidDocumentIdException when it is not
   */
  public DocumentHash(String hex) {
    if (!isHex64(hex, false)) {
      throw new InvalidDocumentIdException(hex);
    }
    this.a = HexFormat.fromHexDigitsToLong(hex, 0, 16);
    this.b = HexFormat.fromHexDigitsToLong(hex, 16, 32);
    this.c = HexFormat.fromHexDigitsToLong(hex, 32, 48);
    this.d = HexFormat.fromHexDigitsToLong(hex, 48, 64);
  }

  private DocumentHash(byte[] digest) {
    ByteBuffer bytes = ByteBuffer.wrap(digest);
    this.a = bytes.getLong();
    this.b = bytes.getLong();
    this.c = bytes.getLong();
    this.d = bytes.getLong();
  }

  /** The hash of {@code text}, as UTF-8. */
  public static DocumentHash of(String text) {
    return new DocumentHash(Sha256.digest(text.getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * Reads an id as a client spells it: bare 64-hex or {@code sha256:}-prefixed.
   *
   * @throws InvalidDocumentIdException when it is neither
   */
  public static DocumentHash parse(String id) {
    String bare = id.startsWith(PREFIX) ? id.substring(PREFIX.length()) : id;
    if (!isHex64(bare, true)) {
      throw new InvalidDocumentIdException(id);
    }
    return new DocumentHash(bare.toLowerCase(java.util.Locale.ROOT));
  }

  /** True when {@code id} looks like a hash (64 hex digits, optionally prefixed). */
  public static boolean looksLikeHash(String id) {
    return isHex64(id.startsWith(PREFIX) ? id.substring(PREFIX.length()) : id, true);
  }

  public boolean matches(String text) {
    return equals(of(text));
  }

  /**
   * The hash's bits {@code 64 * index} to {@code 64 * index + 63} ({@code index} 0 to 3), as
   * compact indexes store them ({@code catalog.DocumentIndex}).
   */
  public long word(int index) {
    return switch (index) {
      case 0 -> a;
      case 1 -> b;
      case 2 -> c;
      case 3 -> d;
      default -> throw new IndexOutOfBoundsException(index);
    };
  }

  /** The hash held as {@link #word} 0 to 3 give it back. */
  public static DocumentHash ofWords(long a, long b, long c, long d) {
    return new DocumentHash(a, b, c, d);
  }

  private DocumentHash(long a, long b, long c, long d) {
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }

  /** The 64 lowercase hex digits. */
  public String hex() {
    return HEX.toHexDigits(a) + HEX.toHexDigits(b) + HEX.toHexDigits(c) + HEX.toHexDigits(d);
  }

  public String prefixed() {
    return PREFIX + hex();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof DocumentHash hash
        && a == hash.a
        && b == hash.b
        && c == hash.c
        && d == hash.d;
  }

  @Override
  public int hashCode() {
    return (int) a; // the first 32 bits of a SHA-256: as evenly spread as any hash of them
  }

  @Override
  public String toString() {
    return hex();
  }

  /** 64 hex digits: a loop, not a regex, since every gateway request checks one. */
  private static boolean isHex64(String text, boolean anyCase) {
    if (text.length() != 64) {
      return false;
    }
    for (int i = 0; i < 64; i++) {
      char ch = text.charAt(i);
      boolean digit = ch >= '0' && ch <= '9';
      boolean lower = ch >= 'a' && ch <= 'f';
      boolean upper = anyCase && ch >= 'A' && ch <= 'F';
      if (!digit && !lower && !upper) {
        return false;
      }
    }
    return true;
  }
}
