package dev.tollgate.graphqljava;

import dev.tollgate.registry.catalog.IssuedKey;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.document.DocumentHash;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

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
 * ({@link TollgateGraphQLBuilder#refreshEvery}).
 */
public final class HttpRegistry implements RegistryReader, AutoCloseable {

  /** The snapshot protocol this version understands. */
  public static final int PROTOCOL = 1;

  private final RegistryFeed feed;
  private final RegistryClient registry;

  private HttpRegistry(Builder builder) {
    this.registry =
        new RegistryClient(
            builder.url,
            builder.token,
            builder.apps.isEmpty() ? null : String.join(",", builder.apps),
            builder.requestTimeout,
            builder.waitMillis);
    this.feed =
        new RegistryFeed(
            builder.url,
            registry,
            builder.snapshotFile,
            builder.minBackoff,
            builder.maxBackoff,
            builder.clock);
    feed.start(builder.failClosed);
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
    return Optional.ofNullable(feed.state().documents().get(hash));
  }

  @Override
  public Map<DocumentHash, Set<String>> activeDocumentApps() {
    return feed.state().apps();
  }

  @Override
  public Map<String, Map<String, DocumentHash>> activeAliases() {
    return feed.state().aliases();
  }

  /** The API keys issued at runtime in the snapshot held: their hashes, policies and expiry. */
  @Override
  public List<IssuedKey> issuedKeys() {
    return feed.state().keys();
  }

  /** Moves each time a new snapshot is installed; a field read. */
  @Override
  public long latestChangeId() {
    return feed.generation();
  }

  /* ---- following ---- */

  /** The active schema's fingerprint in the snapshot held. */
  public String schemaFingerprint() {
    return feed.state().schemaFingerprint();
  }

  /** The registry's change id of the snapshot held. */
  public long registryChangeId() {
    return feed.state().changeId();
  }

  /**
   * Zero while the registry is followed; while it cannot be reached (or the instance started from
   * its snapshot file), how long since the state held was last known to be current.
   */
  public Duration staleness() {
    return feed.staleness();
  }

  /**
   * Sends a measurement batch's JSON to the registry ({@link MeasurementReporter}).
   *
   * @throws IOException when it did not arrive (kept for the next flush)
   * @throws IllegalArgumentException when the registry refused it as bad
   */
  void report(byte[] batch) throws IOException, InterruptedException {
    registry.report(batch);
  }

  /** Stops following; the state held stays readable. */
  @Override
  public void close() {
    feed.close();
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
