package dev.tollgate.registry.upstream;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.apache.hc.core5.http.HttpEntity;
import org.jspecify.annotations.Nullable;

/**
 * An upstream answer's body, read into memory up to a cap: past it (by {@code Content-Length} at
 * once, or by counting the bytes as they arrive) reading stops and {@link TooLarge} is thrown, so
 * no more than the cap is ever held; the caller then closes the response at once ({@code
 * CloseMode.IMMEDIATE}), which drops the connection rather than draining it.
 */
final class CappedBody {

  /** Room for a typical answer before the first bytes say more. */
  private static final int FIRST_BUFFER = 4096;

  /** The most allocated ahead of the bytes on the word of a {@code Content-Length}. */
  private static final int MAX_AHEAD = 1 << 16;

  private CappedBody() {}

  /**
   * The whole body of {@code entity} (empty without one).
   *
   * @throws TooLarge past {@code cap} bytes, announced or read
   * @throws IOException what the connection reported, a timeout among them
   */
  static byte[] read(@Nullable HttpEntity entity, long cap) throws IOException {
    if (entity == null) {
      return new byte[0];
    }
    long expected = entity.getContentLength();
    if (expected > cap) {
      throw new TooLarge(cap);
    }
    byte[] buffer = new byte[(int) (expected > 0 ? Math.min(expected, MAX_AHEAD) : FIRST_BUFFER)];
    int length = 0;
    // not closed here: at its end the stream hands the connection back to the pool by itself, and
    // closing it early would drain the rest (the caller drops the connection instead)
    InputStream in = entity.getContent();
    while (true) {
      if (length == buffer.length) {
        if (length >= cap) {
          if (in.read() < 0) {
            break;
          }
          throw new TooLarge(cap);
        }
        buffer = Arrays.copyOf(buffer, (int) Math.min(cap, 2L * length));
      }
      int n = in.read(buffer, length, buffer.length - length);
      if (n < 0) {
        break;
      }
      length += n;
    }
    return length == buffer.length ? buffer : Arrays.copyOf(buffer, length);
  }

  /** The answer was larger than the cap. */
  static final class TooLarge extends IOException {
    private static final long serialVersionUID = 1L;

    TooLarge(long cap) {
      super("upstream answer larger than " + cap + " bytes");
    }
  }
}
