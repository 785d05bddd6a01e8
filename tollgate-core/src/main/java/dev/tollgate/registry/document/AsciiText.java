package dev.tollgate.registry.document;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A text held as ASCII bytes, one byte a char, read without a copy: an HTTP reader counts a query
 * text's tokens on the request body's own bytes ({@link ScannedText#exceedsTokens}), and the token
 * pass reads a name's run of bytes eight at a time rather than char by char.
 */
public final class AsciiText implements CharSequence {

  private static final VarHandle EIGHT_BYTES =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;
  private static final long LOW_BITS = 0x7F7F7F7F7F7F7F7FL;

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

  /** The byte at {@code index}, unchecked against the view: for the token pass, within it. */
  byte byteAt(int index) {
    return bytes[offset + index];
  }

  /**
   * Where the run of name chars ({@link GraphqlChars#isNameContinue}) from {@code at} ends, eight
   * bytes at a time while they are all name chars: a flood of long names spends its count here.
   */
  int nameEnd(int at) {
    int end = offset + at;
    int limit = offset + length;
    for (; end + Long.BYTES <= limit; end += Long.BYTES) {
      long others = ~nameBytes((long) EIGHT_BYTES.get(bytes, end)) & HIGH_BITS;
      if (others != 0) {
        return end + (Long.numberOfTrailingZeros(others) >>> 3) - offset;
      }
    }
    while (end < limit && GraphqlChars.isNameContinue((char) bytes[end])) {
      end++;
    }
    return end - offset;
  }

  /**
   * The high bit of each byte of {@code word} that is a name char: {@code [A-Za-z0-9_]}. Exact for
   * bytes below 0x80, where no sum below carries into the next byte.
   */
  private static long nameBytes(long word) {
    return within(word, 'A', 'Z') | within(word, 'a', 'z') | within(word, '0', '9') | is(word, '_');
  }

  /** The high bit of each byte of {@code word} from {@code low} to {@code high}. */
  private static long within(long word, char low, char high) {
    long atLeastLow = word + ONES * (0x80 - low);
    long aboveHigh = word + ONES * (0x7F - high);
    return atLeastLow & ~aboveHigh & HIGH_BITS;
  }

  /** The high bit of each byte of {@code word} that is {@code c}. */
  private static long is(long word, char c) {
    return ~((word ^ ONES * c) + LOW_BITS) & HIGH_BITS;
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
