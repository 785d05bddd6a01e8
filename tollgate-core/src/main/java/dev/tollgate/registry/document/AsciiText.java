package dev.tollgate.registry.document;

import java.nio.charset.StandardCharsets;

/**
 * A text held as ASCII bytes, one byte a char, read without a copy: an HTTP reader counts a query
 * text's tokens on the request body's own bytes ({@link ScannedText#exceedsTokens}), and the token
 * pass reads a name's run of bytes directly rather than char by char through {@link CharSequence}.
 */
public final class AsciiText implements CharSequence {

  private final byte[] bytes;
  private final int offset;
  private final int length;

  private AsciiText(byte[] bytes, int offset, int length) {
    this.bytes = bytes;
    this.offset = offset;
    this.length = length;
  }

  /**
   * The text of {@code bytes[offset, offset + length)}, which must all be ASCII (below 0x80); the
   * bytes are not copied, so they must not change while the text is read.
   */
  public static AsciiText of(byte[] bytes, int offset, int length) {
    if (offset < 0 || length < 0 || offset + length > bytes.length) {
      throw new IndexOutOfBoundsException(
          "bytes " + offset + ".." + (offset + length) + " of " + bytes.length);
    }
    return new AsciiText(bytes, offset, length);
  }

  /** Where the run of name chars ({@link GraphqlChars#isNameContinue}) from {@code at} ends. */
  int nameEnd(int at) {
    int end = offset + at;
    int limit = offset + length;
    while (end < limit && GraphqlChars.isNameContinue((char) bytes[end])) {
      end++;
    }
    return end - offset;
  }

  @Override
  public int length() {
    return length;
  }

  @Override
  public char charAt(int index) {
    if (index < 0 || index >= length) {
      throw new IndexOutOfBoundsException(index);
    }
    return (char) bytes[offset + index];
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    if (start < 0 || end > length || start > end) {
      throw new IndexOutOfBoundsException(start + ".." + end);
    }
    return new AsciiText(bytes, offset + start, end - start);
  }

  @Override
  public String toString() {
    return new String(bytes, offset, length, StandardCharsets.US_ASCII);
  }
}
