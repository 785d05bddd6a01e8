package dev.tollgate.registry.catalog;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * A document's exact text held as few bytes as it takes: its UTF-8 deflated (raw, no header) when
 * that is smaller, else its UTF-8 as is. A registered document's text is kept only to be sent or
 * run, never searched, so the catalog holds it packed: the 323-character texts of {@code
 * MemoryFootprint} pack into 196 bytes on average, against a {@code String} of 368. One byte tells
 * the form; a deflated text then gives its UTF-8 length in one to five bytes (a varint), so it
 * inflates into an array of exactly that size. The text is its UTF-8, as its {@code DocumentHash}
 * is: an unpaired surrogate comes back as {@code ?}.
 *
 * <p>Deflaters and inflaters hold native memory and cost tens of microseconds to make, so a few of
 * each are kept for reuse ({@value #POOLED} at most); a thread that finds none makes its own, and
 * ends it when the pool is full.
 */
final class PackedText {

  static final int POOLED = 16;
  private static final byte RAW = 0;
  private static final byte DEFLATED = 1;

  private static final ArrayBlockingQueue<Deflater> DEFLATERS = new ArrayBlockingQueue<>(POOLED);
  private static final ArrayBlockingQueue<Inflater> INFLATERS = new ArrayBlockingQueue<>(POOLED);

  private PackedText() {}

  /** {@code text} packed: deflated when that saves bytes, else its UTF-8. */
  static byte[] pack(String text) {
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    byte[] deflated = deflate(utf8);
    int header = 1 + varintLength(utf8.length);
    if (header + deflated.length >= 1 + utf8.length) {
      byte[] raw = new byte[1 + utf8.length];
      raw[0] = RAW;
      System.arraycopy(utf8, 0, raw, 1, utf8.length);
      return raw;
    }
    byte[] packed = new byte[header + deflated.length];
    packed[0] = DEFLATED;
    writeVarint(packed, 1, utf8.length);
    System.arraycopy(deflated, 0, packed, header, deflated.length);
    return packed;
  }

  /** The text {@link #pack} was given. */
  static String unpack(byte[] packed) {
    if (packed[0] == RAW) {
      return new String(packed, 1, packed.length - 1, StandardCharsets.UTF_8);
    }
    int length = readVarint(packed);
    int offset = 1 + varintLength(length);
    return new String(inflate(packed, offset, length), StandardCharsets.UTF_8);
  }

  private static byte[] deflate(byte[] utf8) {
    Deflater deflater = DEFLATERS.poll();
    if (deflater == null) {
      deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
    }
    try {
      deflater.setInput(utf8);
      deflater.finish();
      // a deflated text larger than its input plus a block's overhead is stored raw anyway
      byte[] buffer = new byte[utf8.length + 64];
      int written = 0;
      while (!deflater.finished() && written < buffer.length) {
        written += deflater.deflate(buffer, written, buffer.length - written);
      }
      return Arrays.copyOf(buffer, deflater.finished() ? written : buffer.length);
    } finally {
      deflater.reset();
      if (!DEFLATERS.offer(deflater)) {
        deflater.end();
      }
    }
  }

  private static byte[] inflate(byte[] packed, int offset, int length) {
    Inflater inflater = INFLATERS.poll();
    if (inflater == null) {
      inflater = new Inflater(true);
    }
    try {
      inflater.setInput(packed, offset, packed.length - offset);
      byte[] utf8 = new byte[length];
      int read = 0;
      while (read < length && !inflater.finished()) {
        int n = inflater.inflate(utf8, read, length - read);
        if (n == 0) {
          break; // truncated or corrupt: reported below
        }
        read += n;
      }
      if (read != length) {
        throw new IllegalStateException(
            "packed text inflates to " + read + " of " + length + " bytes");
      }
      return utf8;
    } catch (DataFormatException e) {
      throw new IllegalStateException("packed text does not inflate: " + e.getMessage(), e);
    } finally {
      inflater.reset();
      if (!INFLATERS.offer(inflater)) {
        inflater.end();
      }
    }
  }

  private static int varintLength(int value) {
    int bytes = 1;
    while ((value >>>= 7) != 0) {
      bytes++;
    }
    return bytes;
  }

  private static void writeVarint(byte[] target, int offset, int value) {
    int at = offset;
    while ((value & ~0x7F) != 0) {
      target[at++] = (byte) ((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    target[at] = (byte) value;
  }

  private static int readVarint(byte[] packed) {
    int value = 0;
    for (int at = 1, shift = 0; ; at++, shift += 7) {
      byte b = packed[at];
      value |= (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return value;
      }
    }
  }
}
