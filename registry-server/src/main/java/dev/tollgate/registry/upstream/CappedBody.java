package dev.tollgate.registry.upstream;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * An upstream answer's body, read into memory up to a cap: past it (by {@code Content-Length} at
 * once, or by counting the bytes as they arrive) the subscription is cancelled, which closes the
 * connection, and the body fails with {@link TooLarge}, so no more than the cap is ever held. Hand
 * written because the JDK's {@code BodySubscribers.ofByteArray} has no bound.
 *
 * <p>The subscriber's own body ({@link #getBody}) is complete as soon as the headers are: {@code
 * HttpClient.send} then returns at the headers, and the caller waits for the bytes ({@link #await})
 * within what is left of its deadline, aborting them past it. So the whole exchange is bounded on
 * the caller's thread, without a timer and without {@code sendAsync} (see {@link HttpUpstream}).
 */
final class CappedBody implements HttpResponse.BodySubscriber<CappedBody> {

  /** Room for a typical answer before the first bytes say more. */
  private static final int FIRST_BUFFER = 4096;

  /** The most allocated ahead of the bytes on the word of a {@code Content-Length}. */
  private static final int MAX_AHEAD = 1 << 16;

  private final long cap;
  private final CompletableFuture<byte[]> bytes = new CompletableFuture<>();
  private volatile Flow.@Nullable Subscription subscription;
  // written by the client's thread that delivers the body, read once it completes
  private byte[] buffer;
  private int length;

  private CappedBody(long cap, long expected) {
    this.cap = cap;
    this.buffer = new byte[(int) (expected > 0 ? Math.min(expected, MAX_AHEAD) : FIRST_BUFFER)];
  }

  /** A body that fails at once: the answer announced more than {@code cap} bytes. */
  private static CappedBody refused(long cap) {
    CappedBody body = new CappedBody(cap, 1);
    body.bytes.completeExceptionally(new TooLarge(cap));
    return body;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    if (bytes.isDone()) {
      subscription.cancel();
      return;
    }
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> items) {
    if (bytes.isDone()) {
      return;
    }
    for (ByteBuffer item : items) {
      int n = item.remaining();
      if (length + (long) n > cap) {
        abort(new TooLarge(cap));
        return;
      }
      if (length + n > buffer.length) {
        buffer = Arrays.copyOf(buffer, (int) Math.min(cap, Math.max(length + n, 2L * length)));
      }
      item.get(buffer, length, n);
      length += n;
    }
  }

  @Override
  public void onError(Throwable failure) {
    bytes.completeExceptionally(failure);
  }

  @Override
  public void onComplete() {
    bytes.complete(length == buffer.length ? buffer : Arrays.copyOf(buffer, length));
  }

  /** Complete at once: the bytes are awaited with {@link #await}. */
  @Override
  public CompletionStage<CappedBody> getBody() {
    return CompletableFuture.completedFuture(this);
  }

  /**
   * The whole body, waiting for it at most {@code nanos}.
   *
   * @throws ExecutionException the body failed: {@link TooLarge}, or what the connection reported
   * @throws TimeoutException the body did not end in time; the caller aborts it
   */
  byte[] await(long nanos) throws ExecutionException, TimeoutException, InterruptedException {
    return bytes.get(nanos, TimeUnit.NANOSECONDS);
  }

  /** Stops reading: cancels the subscription (closing the connection) and fails the body. */
  void abort(Throwable why) {
    bytes.completeExceptionally(why);
    Flow.Subscription current = subscription;
    if (current != null) {
      current.cancel();
    }
  }

  /** The answer was larger than the cap. */
  static final class TooLarge extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooLarge(long cap) {
      super("upstream answer larger than " + cap + " bytes", null, false, false);
    }
  }

  /**
   * Makes the body of one exchange, and remembers whether the answer's headers arrived (after which
   * the request was delivered, so it is not sent again).
   */
  static final class Handler implements HttpResponse.BodyHandler<CappedBody> {
    private final long cap;
    private volatile boolean answered;

    Handler(long cap) {
      this.cap = cap;
    }

    @Override
    public HttpResponse.BodySubscriber<CappedBody> apply(HttpResponse.ResponseInfo info) {
      answered = true;
      OptionalLong length = contentLength(info);
      return length.isPresent() && length.getAsLong() > cap
          ? refused(cap)
          : new CappedBody(cap, length.orElse(0));
    }

    private static OptionalLong contentLength(HttpResponse.ResponseInfo info) {
      try {
        return info.headers().firstValueAsLong("Content-Length");
      } catch (NumberFormatException e) {
        return OptionalLong.empty();
      }
    }

    /** Whether the upstream's status line and headers arrived. */
    boolean answered() {
      return answered;
    }
  }
}
