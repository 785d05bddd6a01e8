package dev.tollgate.graphqljava;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How {@link HttpRegistry} follows the registry: the first snapshot (or the snapshot file when the
 * registry cannot be reached), then one daemon thread that long polls the change feed, fetches the
 * snapshot on every change, writes it to the snapshot file, and while the feed is down keeps the
 * last state, logs once since when and retries with backoff.
 */
final class RegistryFeed implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(HttpRegistry.class);

  private final URI base;
  private final RegistryClient registry;
  private final @Nullable Path snapshotFile;
  private final Duration minBackoff;
  private final Duration maxBackoff;
  private final Clock clock;
  private final AtomicLong generation = new AtomicLong();
  private volatile @Nullable RegistrySnapshot state;
  private volatile @Nullable Instant downSince;
  private @Nullable Thread follower;
  private volatile boolean closed;

  RegistryFeed(
      URI base,
      RegistryClient registry,
      @Nullable Path snapshotFile,
      Duration minBackoff,
      Duration maxBackoff,
      Clock clock) {
    this.base = base;
    this.registry = registry;
    this.snapshotFile = snapshotFile;
    this.minBackoff = minBackoff;
    this.maxBackoff = maxBackoff;
    this.clock = clock;
  }

  /**
   * Fetches the first snapshot (or reads the snapshot file) and starts following the change feed.
   *
   * @throws IllegalStateException with one line when there is no state to start from
   */
  void start(boolean failClosed) {
    this.state = initial(failClosed);
    Thread thread = new Thread(this::follow, "tollgate-registry-follower");
    thread.setDaemon(true);
    follower = thread;
    thread.start();
  }

  /** The snapshot held. */
  RegistrySnapshot state() {
    RegistrySnapshot held = state;
    if (held == null) {
      throw new IllegalStateException("the registry feed is not started");
    }
    return held;
  }

  /** Moves each time a new snapshot is installed. */
  long generation() {
    return generation.get();
  }

  /**
   * Zero while the registry is followed; while it cannot be reached (or the instance started from
   * its snapshot file), how long since the state held was last known to be current.
   */
  Duration staleness() {
    Instant since = downSince;
    if (since == null) {
      return Duration.ZERO;
    }
    Duration stale = Duration.between(since, clock.instant());
    return stale.isNegative() ? Duration.ZERO : stale;
  }

  @Override
  public void close() {
    closed = true;
    Thread thread = follower;
    if (thread != null) {
      thread.interrupt();
    }
  }

  private RegistrySnapshot initial(boolean failClosed) {
    try {
      RegistrySnapshot fetched = registry.fetch(null);
      if (fetched == null) {
        throw new IOException("the registry answered 304 to a first fetch");
      }
      save(fetched);
      return fetched;
    } catch (IOException e) {
      String reason = "registry " + base + " cannot be reached (" + describe(e) + ")";
      if (failClosed) {
        throw new IllegalStateException(reason + "; failing closed, as configured", e);
      }
      if (snapshotFile == null || !Files.isRegularFile(snapshotFile)) {
        throw new IllegalStateException(
            reason
                + " and there is no snapshot file"
                + (snapshotFile == null ? " configured" : " at " + snapshotFile),
            e);
      }
      RegistrySnapshot saved = SnapshotFile.load(snapshotFile);
      Instant written = SnapshotFile.modified(snapshotFile);
      downSince = written;
      LOG.warn(
          "{}; starting from the snapshot file {} (change {}, written {}, {} s old)",
          reason,
          snapshotFile,
          saved.changeId(),
          written,
          staleness().toSeconds());
      return saved;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while fetching the registry's snapshot", e);
    }
  }

  /** The follower thread: long polls the change feed, fetches the snapshot on every change. */
  private void follow() {
    Duration backoff = minBackoff;
    while (!closed) {
      try {
        long changeId = registry.changes(state().changeId());
        if (changeId != state().changeId()) {
          RegistrySnapshot fetched = registry.fetch(state().etag());
          if (fetched != null) {
            install(fetched);
          }
        }
        backoff = minBackoff;
        up();
      } catch (InterruptedException e) {
        return;
      } catch (IOException | RuntimeException e) {
        if (closed) {
          return;
        }
        down(e);
        try {
          Thread.sleep(backoff.toMillis());
        } catch (InterruptedException interrupted) {
          return;
        }
        backoff = backoff.multipliedBy(2);
        if (backoff.compareTo(maxBackoff) > 0) {
          backoff = maxBackoff;
        }
      }
    }
  }

  private void install(RegistrySnapshot fetched) {
    state = fetched;
    generation.incrementAndGet();
    try {
      save(fetched);
    } catch (IOException | RuntimeException e) {
      LOG.warn("cannot write the snapshot file {}: {}", snapshotFile, e.toString());
    }
  }

  private void up() {
    Instant since = downSince;
    if (since != null) {
      downSince = null;
      LOG.info(
          "registry {} reached again; following its changes (change {})", base, state().changeId());
    }
  }

  private void down(Exception e) {
    if (downSince == null) {
      downSince = clock.instant();
      LOG.warn(
          "registry feed {} is down ({}); keeping the last state (change {}, {} documents), stale"
              + " since {}; retrying with backoff",
          base,
          describe(e),
          state().changeId(),
          state().apps().size(),
          downSince);
    }
  }

  private void save(RegistrySnapshot snapshot) throws IOException {
    if (snapshotFile != null) {
      SnapshotFile.save(snapshotFile, snapshot);
    }
  }

  private static String describe(Exception e) {
    String message = e.getMessage();
    return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }
}
