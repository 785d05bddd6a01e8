package dev.tollgate.registry.http;

import dev.tollgate.registry.document.AsciiText;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.jspecify.annotations.Nullable;

/**
 * Reads a JSON string value straight from an all-ASCII body, before Jackson decodes it: a view of
 * the body's bytes when the value has no escape, one decoded copy when its escapes stand for ASCII
 * chars. So a query text is token-counted without Jackson's 132 KB char buffer and its second copy
 * for a 66 KB value (issue 28), and, within the limit, copied once into a {@code String}.
 */
final class AsciiJsonString {

  private static final VarHandle EIGHT_BYTES =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;
  private static final long QUOTES = ONES * '"';
  private static final long BACKSLASHES = ONES * '\\';

  private AsciiJsonString() {}

  /**
   * The value of the JSON string whose opening quote is at {@code quote} in the all-ASCII {@code
   * body}: a view of the body when it has no escape, else its decoded copy; null when an escape
   * stands for a char above ASCII, or is malformed, or the string does not end (Jackson decodes it
   * then, or reports what is wrong).
   */
  static @Nullable AsciiText at(byte[] body, int quote) {
    if (quote < 0 || quote >= body.length || body[quote] != '"') {
      return null;
    }
    int start = quote + 1;
    int end = endOfPlainRun(body, start);
    if (end >= body.length) {
      return null;
    }
    return body[end] == '"' ? AsciiText.of(body, start, end - start) : unescaped(body, start, end);
  }

  /**
   * The decoded copy of a string with escapes, one byte a char: a query sent as JSON mostly has a
   * {@code \n} or two, so its plain runs are copied whole. The first run ends at {@code firstEnd},
   * found already (a second scan of the 66 KB flood cost 13 us).
   */
  private static @Nullable AsciiText unescaped(byte[] body, int start, int firstEnd) {
    byte[] chars = new byte[body.length - start];
    int length = 0;
    int at = start;
    int end = firstEnd;
    while (true) {
      System.arraycopy(body, at, chars, length, end - at);
      length += end - at;
      if (end + 1 >= body.length) {
        return null;
      }
      if (body[end] == '"') {
        return AsciiText.of(chars, 0, length);
      }
      int c = escaped(body, end + 1);
      if (c < 0) {
        return null;
      }
      chars[length++] = (byte) c;
      at = end + (body[end + 1] == 'u' ? 6 : 2);
      end = endOfPlainRun(body, at);
    }
  }

  /** The ASCII char of the escape after the backslash at {@code at - 1}; -1 for any other. */
  private static int escaped(byte[] body, int at) {
    return switch (body[at]) {
      case '"', '\\', '/' -> body[at];
      case 'b' -> '\b';
      case 'f' -> '\f';
      case 'n' -> '\n';
      case 'r' -> '\r';
      case 't' -> '\t';
      case 'u' -> asciiCodePoint(body, at + 1);
      default -> -1;
    };
  }

  /** The four hex digits at {@code at} as a code point below 0x80; -1 for any other. */
  private static int asciiCodePoint(byte[] body, int at) {
    if (at + 4 > body.length) {
      return -1;
    }
    int value = 0;
    for (int i = at; i < at + 4; i++) {
      int digit = Character.digit(body[i], 16);
      if (digit < 0) {
        return -1;
      }
      value = value << 4 | digit;
    }
    return value < 0x80 ? value : -1;
  }

  /**
   * Where the first {@code "} or {@code \} at or after {@code from} is ({@code body.length} when
   * none), eight bytes at a time: a word holds one when one of its bytes XOR the byte is zero.
   */
  private static int endOfPlainRun(byte[] body, int from) {
    int i = from;
    for (; i + Long.BYTES <= body.length; i += Long.BYTES) {
      long word = (long) EIGHT_BYTES.get(body, i);
      if (hasZeroByte(word ^ QUOTES) || hasZeroByte(word ^ BACKSLASHES)) {
        break;
      }
    }
    while (i < body.length && body[i] != '"' && body[i] != '\\') {
      i++;
    }
    return i;
  }

  /** Exact for bytes below 0x80, which an ASCII body's are. */
  private static boolean hasZeroByte(long word) {
    return ((word - ONES) & ~word & HIGH_BITS) != 0;
  }
}
