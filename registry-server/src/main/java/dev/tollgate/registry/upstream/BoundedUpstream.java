package dev.tollgate.registry.upstream;

import dev.tollgate.registry.admission.UpstreamRequest;
import java.util.concurrent.Semaphore;

/**
 * An upstream with at most {@code maxInFlight} calls at once: a call past it is refused at once
 * with {@code UPSTREAM_BUSY} (503) instead of waiting, so that a slow upstream can hold no more
 * than that many server threads.
 */
final class BoundedUpstream implements Upstream {

  private final Upstream upstream;
  private final int maxInFlight;
  private final Semaphore permits;

  BoundedUpstream(Upstream upstream, int maxInFlight) {
    if (maxInFlight <= 0) {
      throw new IllegalArgumentException("maxInFlight must be positive: " + maxInFlight);
    }
    this.upstream = upstream;
    this.maxInFlight = maxInFlight;
    this.permits = new Semaphore(maxInFlight);
  }

  @Override
  public UpstreamResponse execute(UpstreamRequest request) {
    if (!permits.tryAcquire()) {
      throw UpstreamException.busy(maxInFlight);
    }
    try {
      return upstream.execute(request);
    } finally {
      permits.release();
    }
  }
}
