package dev.tollgate.graphqljava;

import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.document.DocumentHash;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link RegistryReader} that follows a running registry over HTTP, with a bearer token of scope
 * read (or admin): it fetches the snapshot of what its apps may run ({@code GET
 * /v1/registry/snapshot}), holds it in memory, and follows the change feed ({@code GET
 * /v1/registry/changes}, a long poll) on one daemon thread, fetching the snapshot again on every
 * change. It never connects to the registry's database.
 *
 * <p>Each snapshot is written to {@link Builder#snapshotFile} (a temporary file, then moved). When
 * the registry cannot be reached at {@link Builder#build()}, the instance starts from that file,
 * or, with {@link Builder#failClosed}, does not start. While the feed is down it keeps the last
 * state, logs once how stale it is, retries with backoff and reports {@link #staleness()}.
 *
 * <p>Refused with one line (an {@link IllegalStateException}): a snapshot of a protocol this
 * version does not know, a corrupt snapshot file, and a token the registry refuses (401, 403: not
 * of scope read or admin).
 *
 * <p>{@link #latestChangeId()} is a field read, so {@code TollgateGraphQL} may poll it often
 * ({@link TollgateGraphQL.Builder#refreshEvery}).
 */
public final class HttpRegistry implements RegistryReader, AutoCloseable {

  /** The snapshot protocol this version understands. */
  public static final int PROTOCOL = 1;

  private static final Logger LOG = LoggerFactory.getLogger(HttpRegistry.class);

  private final URI base;
  private final @Nullable Path snapshotFile;
  private final Duration minBackoff;
  private final Duration maxBackoff;
  private final Clock clock;
  private final RegistryClient registry;
  private final AtomicLong generation = new AtomicLong();
  private volatile RegistrySnapshot state;
  private volatile @Nullable Instant downSince;
  private final Thread follower;
  private volatile boolean closed;

  private HttpRegistry(Builder builder) {
    this.base = builder.url;
    this.snapshotFile = builder.snapshotFile;
    this.minBackoff = builder.minBackoff;
    this.maxBackoff = builder.maxBackoff;
    this.clock = builder.clock;
    this.registry =
        new RegistryClient(
            builder.url,
            builder.token,
            builder.apps.isEmpty() ? null : String.join(",", builder.apps),
            builder.requestTimeout,
            builder.waitMillis);
    this.state = start(builder.failClosed);
    this.follower = new Thread(this::follow, "tollgate-registry-follower");
    follower.setDaemon(true);
    follower.start();
  }

  /**
   * A builder following the registry at {@code url} (e.g. {@code http://registry:8080}) with a
   * bearer {@code token} of scope read or admin.
   */
  public static Builder newRegistry(URI url, String token) {
    return new Builder(url, token);
  }

  /* ---- RegistryReader: what the snapshot held ---- */

  @Override
  public Optional<StoredDocument> findDocument(DocumentHash hash) {
    return Optional.ofNullable(state.documents().get(hash));
  }

  @Override
  public Map<DocumentHash, Set<String>> activeDocumentApps() {
    return state.apps();
  }

  @Override
  public Map<String, Map<String, DocumentHash>> activeAliases() {
    return state.aliases();
  }

  /** Moves each time a new snapshot is installed; a field read. */
  @Override
  public long latestChangeId() {
    return generation.get();
  }

  /* ---- following ---- */

  /** The active schema's fingerprint in the snapshot held. */
  public String schemaFingerprint() {
    return state.schemaFingerprint();
  }

  /** The registry's change id of the snapshot held. */
  public long registryChangeId() {
    return state.changeId();
  }

  /**
   * Zero while the registry is followed; while it cannot be reached (or the instance started from
   * its snapshot file), how long since the state held was last known to be current.
   */
  public Duration staleness() {
    Instant since = downSince;
    if (since == null) {
      return Duration.ZERO;
    }
    Duration stale = Duration.between(since, clock.instant());
    return stale.isNegative() ? Duration.ZERO : stale;
  }

  /** Stops following; the state held stays readable. */
  @Override
  public void close() {
    closed = true;
    follower.interrupt();
  }

  private RegistrySnapshot start(boolean failClosed) {
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
        long changeId = registry.changes(state.changeId());
        if (changeId != state.changeId()) {
          RegistrySnapshot fetched = registry.fetch(state.etag());
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
          "registry {} reached again; following its changes (change {})", base, state.changeId());
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
          state.changeId(),
          state.apps().size(),
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

  /** What differs from the defaults; {@link #build()} fetches the snapshot once. */
  public static final class Builder {
    private final URI url;
    private final String token;
    private final List<String> apps = new ArrayList<>();
    private @Nullable Path snapshotFile;
    private boolean failClosed;
    private Duration requestTimeout = Duration.ofSeconds(5);
    private long waitMillis = 25_000;
    private Duration minBackoff = Duration.ofMillis(100);
    private Duration maxBackoff = Duration.ofSeconds(5);
    private Clock clock = Clock.systemUTC();

    private Builder(URI url, String token) {
      this.url = Objects.requireNonNull(url, "url");
      this.token = Objects.requireNonNull(token, "token");
      if (token.isBlank()) {
        throw new IllegalArgumentException("registry token must not be blank");
      }
    }

    /** Only what these apps may run; default every app. */
    public Builder apps(String... names) {
      apps.addAll(List.of(names));
      return this;
    }

    /**
     * Where each snapshot is written, and read from when the registry cannot be reached at start;
     * default none.
     */
    public Builder snapshotFile(Path file) {
      this.snapshotFile = file;
      return this;
    }

    /**
     * When true, {@link #build()} fails if the registry cannot be reached, even with a snapshot
     * file; default false.
     */
    public Builder failClosed(boolean failClosed) {
      this.failClosed = failClosed;
      return this;
    }

    /** The timeout of each request (and of connecting), added to the wait of a change poll. */
    public Builder requestTimeout(Duration timeout) {
      this.requestTimeout = timeout;
      return this;
    }

    /**
     * How long a change poll waits at the registry (the registry caps it at 30 s); default 25 s.
     */
    public Builder waitMillis(long millis) {
      if (millis <= 0) {
        throw new IllegalArgumentException("waitMillis must be positive: " + millis);
      }
      this.waitMillis = millis;
      return this;
    }

    /** The first and the longest pause between retries while the feed is down. */
    public Builder backoff(Duration min, Duration max) {
      this.minBackoff = min;
      this.maxBackoff = max;
      return this;
    }

    /** The clock of {@link #staleness()}; default the system's. */
    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    /**
     * Fetches the snapshot (or reads the snapshot file) and starts following the change feed.
     *
     * @throws IllegalStateException with one line: the registry cannot be reached and there is no
     *     usable snapshot file (or the builder fails closed); the token is refused; the snapshot's
     *     protocol is unknown; the snapshot file is corrupt
     */
    public HttpRegistry build() {
      return new HttpRegistry(this);
    }
  }
}
