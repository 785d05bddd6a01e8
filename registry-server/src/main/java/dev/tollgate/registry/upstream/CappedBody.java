package dev.tollgate.registry.upstream;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * An upstream answer's body, read into memory up to a cap: past it (by {@code Content-Length} at
 * once, or by counting the bytes as they arrive) the subscription is cancelled, which closes the
 * connection, and the body fails with {@link TooLarge}, so no more than the cap is ever held. Hand
 * written because the JDK's {@code BodySubscribers.ofByteArray} has no bound.
 */
final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {

  private final long cap;
  private final CompletableFuture<byte[]> body = new CompletableFuture<>();
  private final ByteArrayOutputStream bytes;
  private volatile Flow.@Nullable Subscription subscription;
  private long received;

  private CappedBody(long cap, long expected) {
    this.cap = cap;
    this.bytes = new ByteArrayOutputStream((int) Math.max(256, Math.min(expected, 1 << 16)));
  }

  /** A body that fails at once: the answer announced more than {@code cap} bytes. */
  private static CappedBody refused(long cap) {
    CappedBody body = new CappedBody(cap, 0);
    body.body.completeExceptionally(new TooLarge(cap));
    return body;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    if (body.isDone()) {
      subscription.cancel();
      return;
    }
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> items) {
    if (body.isDone()) {
      return;
    }
    for (ByteBuffer item : items) {
      received += item.remaining();
      if (received > cap) {
        abort(new TooLarge(cap));
        return;
      }
      byte[] chunk = new byte[item.remaining()];
      item.get(chunk);
      bytes.write(chunk, 0, chunk.length);
    }
  }

  @Override
  public void onError(Throwable failure) {
    body.completeExceptionally(failure);
  }

  @Override
  public void onComplete() {
    body.complete(bytes.toByteArray());
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return body;
  }

  /** Stops reading: cancels the subscription (closing the connection) and fails the body. */
  void abort(Throwable why) {
    body.completeExceptionally(why);
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
   * the request was delivered) and the body, so that a deadline can abort it.
   */
  static final class Handler implements HttpResponse.BodyHandler<byte[]> {
    private final long cap;
    private volatile boolean answered;
    private volatile @Nullable CappedBody current;

    Handler(long cap) {
      this.cap = cap;
    }

    @Override
    public HttpResponse.BodySubscriber<byte[]> apply(HttpResponse.ResponseInfo info) {
      answered = true;
      OptionalLong length = contentLength(info);
      CappedBody body =
          length.isPresent() && length.getAsLong() > cap
              ? refused(cap)
              : new CappedBody(cap, length.orElse(0));
      current = body;
      return body;
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

    void abort(Throwable why) {
      CappedBody body = current;
      if (body != null) {
        body.abort(why);
      }
    }
  }
}
