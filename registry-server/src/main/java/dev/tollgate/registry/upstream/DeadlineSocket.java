package dev.tollgate.registry.upstream;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * A plain socket whose every read waits no later than the deadline of the exchange running on the
 * calling thread ({@link #within}): before each read, its timeout becomes what is left of the
 * deadline (or the timeout the HTTP client asked for, if shorter), and past the deadline a read
 * fails at once with {@link SocketTimeoutException}. So a whole exchange (the headers and every
 * byte of the body, however slowly they drip) is bounded on the caller's own thread, without a
 * timer thread and without a wake-up of another thread.
 *
 * <p>The classic HTTP client reads on the thread that calls it, which is what makes a thread-local
 * deadline right. A socket read on a thread with no deadline behaves as any socket.
 */
final class DeadlineSocket extends Socket {

  /** The calling thread's deadline in {@link System#nanoTime} terms; 0 for none. */
  private static final ThreadLocal<long[]> DEADLINE = ThreadLocal.withInitial(() -> new long[1]);

  /** The timeout the HTTP client set, in milliseconds; 0 is none. */
  private volatile int asked;

  private @Nullable InputStream in;

  /** Runs {@code exchange} with reads bounded by {@code deadlineNanos} on this thread. */
  static <T> T within(long deadlineNanos, Exchange<T> exchange) throws IOException {
    long[] deadline = DEADLINE.get();
    long outer = deadline[0];
    deadline[0] = deadlineNanos == 0 ? 1 : deadlineNanos;
    try {
      return exchange.run();
    } finally {
      deadline[0] = outer;
    }
  }

  @Override
  public synchronized void setSoTimeout(int timeout) throws SocketException {
    asked = timeout;
    super.setSoTimeout(timeout);
  }

  @Override
  public int getSoTimeout() {
    return asked;
  }

  @Override
  public synchronized InputStream getInputStream() throws IOException {
    InputStream current = in;
    if (current == null) {
      current = new Bounded(super.getInputStream());
      in = current;
    }
    return current;
  }

  /** Sets the read timeout to what is left of this thread's deadline; past it, fails. */
  private void bound() throws IOException {
    long deadline = DEADLINE.get()[0];
    if (deadline == 0) {
      return;
    }
    long remaining = deadline - System.nanoTime();
    if (remaining <= 0) {
      throw new SocketTimeoutException("deadline passed");
    }
    int millis = (int) Math.min(Integer.MAX_VALUE, (remaining + 999_999) / 1_000_000);
    int asked = this.asked;
    super.setSoTimeout(asked == 0 ? millis : Math.min(asked, millis));
  }

  /** One exchange with the upstream. */
  @FunctionalInterface
  interface Exchange<T> {
    T run() throws IOException;
  }

  private final class Bounded extends FilterInputStream {
    Bounded(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      bound();
      return super.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      bound();
      return super.read(b, off, len);
    }
  }
}
