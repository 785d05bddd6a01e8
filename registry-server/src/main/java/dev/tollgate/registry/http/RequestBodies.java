package dev.tollgate.registry.http;

import io.javalin.http.Context;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.eclipse.jetty.http.BadMessageException;

/**
 * Reads a request body under a size limit, for {@code /v1} and {@code /graphql} alike: a body
 * declared or found larger is refused with one 413 ({@code PAYLOAD_TOO_LARGE}), whether or not the
 * client sent a {@code Content-Length}.
 */
final class RequestBodies {

  private RequestBodies() {}

  /**
   * The body of a {@code /v1} request.
   *
   * @throws RouteException {@code BAD_REQUEST} when the body cannot be read (broken chunked
   *     framing, a body shorter than its {@code Content-Length}, a client that hung up): the
   *     client's mistake, answered 400 and not logged as a server error
   */
  static byte[] read(Context ctx, long maxBytes) {
    try {
      return read(ctx.contentLength(), ctx.req().getInputStream(), maxBytes);
    } catch (IOException | BadMessageException | UncheckedIOException e) {
      // Jetty reports broken framing as an IOException or as a BadMessageException
      throw RouteException.unreadableBody();
    }
  }

  /**
   * Reads {@code body} (and closes it), at most {@code maxBytes} of it.
   *
   * @param declaredLength the {@code Content-Length}, or -1 when none was sent
   * @throws RouteException {@code PAYLOAD_TOO_LARGE} when the declared or actual length is above
   *     the limit
   */
  static byte[] read(long declaredLength, InputStream body, long maxBytes) throws IOException {
    if (declaredLength > maxBytes) {
      throw RouteException.tooLarge(maxBytes);
    }
    try (InputStream in = body) {
      if (declaredLength >= 0) {
        return declared(in, (int) declaredLength);
      }
      byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 16, maxBytes + 1));
      if (bytes.length > maxBytes) {
        throw RouteException.tooLarge(maxBytes);
      }
      return bytes;
    }
  }

  /**
   * A body of known length, read into one array of that size: {@code readNBytes(max)} would gather
   * it in 8 KiB pieces and copy them again (measured: a third of the bytes a 66 KB POST allocated).
   * Jetty ends the stream at the declared length and fails it when the client sends fewer bytes.
   */
  private static byte[] declared(InputStream in, int length) throws IOException {
    byte[] bytes = new byte[length];
    int read = in.readNBytes(bytes, 0, length);
    if (read < length) {
      throw new EOFException("body ended after " + read + " of " + length + " bytes");
    }
    return bytes;
  }
}
