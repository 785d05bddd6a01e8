package dev.tollgate.registry.http;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.EagerContentHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.NanoTime;
import org.eclipse.jetty.util.thread.Invocable;
import org.jspecify.annotations.Nullable;

/**
 * Reads a request's body before any route runs, without a thread (as Jetty's {@code
 * RetainedContentLoader} does), and within the connection's bounds (issue 23, item 4):
 *
 * <ul>
 *   <li>{@code http.bodyReadTimeoutMillis} of silence in a body is answered 408 and the connection
 *       closed. Jetty's idle timeout reaches a read that waits as a <em>transient</em> failure, for
 *       the reader to act on or ignore; Jetty's loader kept it as one more chunk and waited again,
 *       so a body that stopped held its connection for good.
 *   <li>A body whose bytes, counted from its first, fall behind {@code http.minRequestDataRate}
 *       bytes per second is answered 408 as a part of it arrives. Jetty checks that rate only in
 *       the servlet's reads, which ran after the whole body had been loaded here.
 * </ul>
 *
 * <p>The route runs once the body is complete, or once {@code http.maxBodyBytes} of it is held (the
 * route then refuses it as too large). A body that ends in a framing error or a hang-up is passed
 * to the route, as Jetty's loader passed it, which answers it as unreadable.
 */
final class BodyLoader extends EagerContentHandler.ContentLoader implements Invocable.Task {

  private final Deque<Content.Chunk> chunks = new ArrayDeque<>();
  private final HttpSettings bounds;
  private long bytes;
  private long firstByteNanos;

  private BodyLoader(
      HttpSettings bounds, Handler handler, Request request, Response response, Callback callback) {
    super(handler, request, response, callback);
    this.bounds = bounds;
  }

  /** Loaders for every request body, whatever its type. */
  static EagerContentHandler.ContentLoaderFactory factory(HttpSettings bounds) {
    return new EagerContentHandler.ContentLoaderFactory() {
      @Override
      public @Nullable String getApplicableMimeType() {
        return null;
      }

      @Override
      public EagerContentHandler.ContentLoader newContentLoader(
          String contentType,
          String mimeType,
          Handler handler,
          Request request,
          Response response,
          Callback callback) {
        return new BodyLoader(bounds, handler, request, response, callback);
      }
    };
  }

  @Override
  protected void load() {
    read(false);
  }

  /** More of the body has arrived, or the read failed (the idle timeout among others). */
  @Override
  public void run() {
    read(true);
  }

  @Override
  public InvocationType getInvocationType() {
    return InvocationType.NON_BLOCKING;
  }

  /**
   * @param demanded on Jetty's demand callback, which must not block: the route, which may, runs on
   *     another thread
   */
  private void read(boolean demanded) {
    while (true) {
      Content.Chunk chunk = getRequest().read();
      if (chunk == null) {
        getRequest().demand(this);
        return;
      }
      if (Content.Chunk.isFailure(chunk, false) && chunk.getFailure() instanceof TimeoutException) {
        refuse(demanded, "no byte of the request body for %d ms", bounds.bodyReadTimeoutMillis());
        return;
      }
      retain(chunk);
      if (chunk.isLast() || bytes >= bounds.maxBodyBytes()) {
        run(demanded, this::handleLoaded);
        return;
      }
      if (tooSlow()) {
        refuse(demanded, "request body slower than %d bytes/s", bounds.minRequestDataRate());
        return;
      }
    }
  }

  private void retain(Content.Chunk chunk) {
    chunks.add(chunk);
    if (chunk.hasRemaining() && bytes == 0) {
      firstByteNanos = NanoTime.now();
    }
    bytes += chunk.remaining();
  }

  /**
   * Fewer bytes than the minimum rate over the time since the first, while some are still due,
   * checked each time a part of the body arrives. The rate is judged over a second at least: over
   * the first milliseconds a rate is noise (a client's small first chunk, then a scheduling pause,
   * read as 2 bytes in 3 ms, "too slow"), and a trickle is still cut a second after its first byte.
   */
  private boolean tooSlow() {
    long declared = getRequest().getLength();
    return !(declared >= 0 && bytes >= declared)
        && belowRate(bytes, firstByteNanos, bounds.minRequestDataRate());
  }

  /**
   * Whether {@code bytes}, the first of them read at {@code firstByteNanos}, are behind {@code
   * rate} bytes per second, judged over a second at least (see {@link #tooSlow}). No byte yet says
   * nothing of the rate; a rate of 0 is no bound.
   */
  static boolean belowRate(long bytes, long firstByteNanos, long rate) {
    if (rate == 0 || bytes == 0) {
      return false;
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(NanoTime.since(firstByteNanos));
    return millis >= 1_000 && bytes < rate * millis / 1_000;
  }

  private void refuse(boolean demanded, String reason, long bound) {
    release();
    String message = String.format(reason, bound);
    run(
        demanded,
        () ->
            Response.writeError(
                getRequest(),
                getResponse(),
                getCallback(),
                HttpStatus.REQUEST_TIMEOUT_408,
                message));
  }

  private void run(boolean demanded, Runnable task) {
    if (demanded) {
      getRequest().getContext().execute(task);
    } else {
      task.run();
    }
  }

  private void handleLoaded() {
    LoadedBodyRequest loaded = new LoadedBodyRequest(getRequest(), chunks, getCallback());
    handle(loaded, getResponse(), loaded);
  }

  private void release() {
    chunks.forEach(Content.Chunk::release);
    chunks.clear();
  }
}
