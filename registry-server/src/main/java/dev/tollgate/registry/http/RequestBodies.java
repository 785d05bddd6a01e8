package dev.tollgate.registry.http;

import io.javalin.http.Context;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Reads a request body under a size limit, refusing a larger one with a JSON 413
 * ({@code PAYLOAD_TOO_LARGE}) whether or not the client sent a {@code Content-Length}.
 */
final class RequestBodies {

  private RequestBodies() {}

  static byte[] read(Context ctx, long maxBytes) {
    long declared = ctx.contentLength();
    if (declared > maxBytes) {
      throw RouteException.tooLarge(maxBytes);
    }
    try (InputStream in = ctx.req().getInputStream()) {
      ByteArrayOutputStream out = new ByteArrayOutputStream(declared > 0 ? (int) declared : 8192);
      byte[] buffer = new byte[8192];
      long total = 0;
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        total += n;
        if (total > maxBytes) {
          throw RouteException.tooLarge(maxBytes);
        }
        out.write(buffer, 0, n);
      }
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the request body", e);
    }
  }
}
