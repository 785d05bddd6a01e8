package dev.tollgate.registry.http;

import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.NanoTime;
import org.eclipse.jetty.util.thread.Invocable;

/**
 * Drops the body of a request answered without it. What has arrived is dropped before the answer
 * ({@link #dropArrived}); when that is not all of it, the answer says {@code Connection: close} and
 * the rest is read and dropped after the answer, before the exchange completes ({@link
 * #afterAnswer}): the lingering close of RFC 9112, section 9.6. Jetty shuts the output after such
 * an answer, so the client has the whole answer and its end. Closing the socket while the client's
 * body still arrives would instead make the kernel reset the connection, and a client still sending
 * (as HTTP clients do once they have started a body) would lose the answer with it: a broken pipe
 * where the answer should be (HostileCorpusTest, one POST in about three runs).
 *
 * <p>No thread waits and nothing is kept: each part is released as it comes. The drain ends at the
 * end of the body, and Jetty then closes the connection once the client has. It is cut short, and
 * the connection closed at once, within the bounds of any body ({@link BodyLoader}): past {@code
 * http.maxBodyBytes}, slower than {@code http.minRequestDataRate}, or at a failed read (after
 * {@code http.bodyReadTimeoutMillis} of silence among others).
 */
final class BodyDrain implements Invocable.Task {

  private final Request request;
  private final Callback callback;
  private final HttpSettings bounds;
  private long bytes;
  private long firstByteNanos;

  private BodyDrain(Request request, Callback callback, HttpSettings bounds) {
    this.request = request;
    this.callback = callback;
    this.bounds = bounds;
  }

  /**
   * Reads and drops what of {@code request}'s body has arrived, without waiting for more.
   *
   * @return whether nothing of the body is still to come: it has all arrived (or failed)
   */
  static boolean dropArrived(Request request) {
    while (true) {
      Content.Chunk chunk = request.read();
      if (chunk == null) {
        return false;
      }
      chunk.release();
      if (chunk.isLast() || Content.Chunk.isFailure(chunk)) {
        return true;
      }
    }
  }

  /**
   * The callback for the answer's last write: once written, the rest of {@code request}'s body is
   * drained, then {@code callback} succeeds.
   */
  static Callback afterAnswer(Request request, Callback callback, HttpSettings bounds) {
    BodyDrain drain = new BodyDrain(request, callback, bounds);
    return Callback.from(InvocationType.NON_BLOCKING, drain, callback::failed);
  }

  @Override
  public void run() {
    while (true) {
      Content.Chunk chunk = request.read();
      if (chunk == null) {
        request.demand(this);
        return;
      }
      if (chunk.hasRemaining() && bytes == 0) {
        firstByteNanos = NanoTime.now();
      }
      bytes += chunk.remaining();
      chunk.release();
      if (chunk.isLast() || Content.Chunk.isFailure(chunk) || outOfBounds()) {
        callback.succeeded();
        return;
      }
    }
  }

  /**
   * Past the size of a body, or behind its minimum rate, counted as {@link BodyLoader} counts it:
   * from the first byte drained, once there is one (an empty part says nothing of the rate).
   */
  private boolean outOfBounds() {
    if (bytes > bounds.maxBodyBytes()) {
      return true;
    }
    return BodyLoader.belowRate(bytes, firstByteNanos, bounds.minRequestDataRate());
  }

  @Override
  public InvocationType getInvocationType() {
    return InvocationType.NON_BLOCKING;
  }
}
