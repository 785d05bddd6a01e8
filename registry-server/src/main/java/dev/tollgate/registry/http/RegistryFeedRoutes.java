package dev.tollgate.registry.http;

import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.http.RegistryFeedBodies.ChangesBody;
import dev.tollgate.registry.http.RegistryFeedBodies.SnapshotBody;
import dev.tollgate.registry.publish.VersionRef;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.Iterator;
import java.util.List;
import java.util.Queue;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What in-process instances follow the registry by (issue 25): {@code GET /v1/registry/snapshot}
 * (what the apps may run and the API keys issued at runtime, as hashes; versioned by {@code
 * protocol}, with an {@code ETag}) and {@code GET /v1/registry/changes?after=N&waitMillis=M}, a
 * long poll that answers as soon as the change id passes {@code N}, or when the wait ends. Both
 * need a token of scope read or admin.
 *
 * <p>Waiting polls hold no request thread: one daemon thread, started at the first wait and stopped
 * with the server, reads {@link RegistryReader#latestChangeId()} every {@value #CHECK_MILLIS} ms
 * while any poll waits, and answers those it concerns.
 */
public final class RegistryFeedRoutes implements AutoCloseable {

  /** The snapshot's protocol: the version of its shape. */
  public static final int PROTOCOL = 1;

  /** The longest wait of a change poll; a longer {@code waitMillis} is cut to it. */
  public static final long MAX_WAIT_MILLIS = 30_000;

  static final long CHECK_MILLIS = 50;

  private static final Logger LOG = LoggerFactory.getLogger(RegistryFeedRoutes.class);

  private final RegistryReader reader;
  private final Supplier<String> schemaFingerprint;
  private final AdminAuth auth;
  private final Queue<Waiter> waiters = new ConcurrentLinkedQueue<>();
  private @Nullable ScheduledExecutorService checker;
  private boolean closed;

  /**
   * @param reader the registry's read side (the server's store)
   * @param schemaFingerprint the active schema's fingerprint, read on each snapshot
   */
  public RegistryFeedRoutes(
      RegistryReader reader, Supplier<String> schemaFingerprint, List<AdminToken> tokens) {
    this.reader = reader;
    this.schemaFingerprint = schemaFingerprint;
    this.auth = new AdminAuth(tokens);
  }

  public void register(JavalinConfig config) {
    config.routes.get("/v1/registry/snapshot", this::snapshot);
    config.routes.get("/v1/registry/changes", this::changes);
    config.events.serverStopping(this::close);
  }

  private void snapshot(Context ctx) {
    auth.follower(ctx);
    @Nullable SortedSet<String> apps = apps(ctx.queryParam("apps"));
    // the change id first: what is read after it is as new or newer, and a follower that sees the
    // id move reads the snapshot again
    long changeId = reader.latestChangeId();
    String fingerprint = schemaFingerprint.get();
    String etag = etag(changeId, fingerprint, apps);
    ctx.header("ETag", etag);
    ctx.header("Cache-Control", "no-cache");
    if (matches(ctx.header("If-None-Match"), etag)) {
      ctx.status(HttpStatus.NOT_MODIFIED);
      return;
    }
    ctx.json(SnapshotBody.of(PROTOCOL, changeId, apps, fingerprint, reader));
  }

  private void changes(Context ctx) {
    auth.follower(ctx);
    long after = number(ctx, "after", -1);
    if (after < 0) {
      throw RouteException.missingParameter("after");
    }
    long waitMillis = Math.min(number(ctx, "waitMillis", 0), MAX_WAIT_MILLIS);
    long now = reader.latestChangeId();
    if (now > after || waitMillis == 0) {
      ctx.json(new ChangesBody(now));
      return;
    }
    Waiter waiter =
        new Waiter(after, System.nanoTime() + waitMillis * 1_000_000, new CompletableFuture<>());
    waiters.add(waiter);
    startChecking();
    ctx.future(() -> waiter.answer().thenAccept(changeId -> ctx.json(new ChangesBody(changeId))));
  }

  private synchronized void startChecking() {
    if (closed) {
      answerAll(null);
      return;
    }
    if (checker == null) {
      ScheduledExecutorService executor =
          Executors.newSingleThreadScheduledExecutor(
              runnable -> {
                Thread thread = new Thread(runnable, "tollgate-registry-feed");
                thread.setDaemon(true);
                return thread;
              });
      executor.scheduleWithFixedDelay(this::check, 0, CHECK_MILLIS, TimeUnit.MILLISECONDS);
      checker = executor;
    }
  }

  /** Answers every waiting poll whose change came or whose wait ended. */
  private void check() {
    if (waiters.isEmpty()) {
      return;
    }
    long changeId;
    try {
      changeId = reader.latestChangeId();
    } catch (RuntimeException e) {
      LOG.warn("registry feed: cannot read the change id; failing the waiting polls", e);
      for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
        Waiter waiter = it.next();
        it.remove();
        waiter.answer().completeExceptionally(e);
      }
      return;
    }
    long now = System.nanoTime();
    for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
      Waiter waiter = it.next();
      if (changeId > waiter.after() || now - waiter.deadline() >= 0) {
        it.remove();
        waiter.answer().complete(changeId);
      }
    }
  }

  /** Answers every waiting poll: with {@code changeId}, or with its own {@code after}. */
  private void answerAll(@Nullable Long changeId) {
    for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
      Waiter waiter = it.next();
      it.remove();
      waiter.answer().complete(changeId != null ? changeId : waiter.after());
    }
  }

  /** Stops the checking thread and answers the waiting polls (the server is stopping). */
  @Override
  public synchronized void close() {
    closed = true;
    if (checker != null) {
      checker.shutdownNow();
      checker = null;
    }
    answerAll(null);
  }

  private static @Nullable SortedSet<String> apps(@Nullable String param) {
    if (param == null || param.isBlank()) {
      return null;
    }
    SortedSet<String> apps = new TreeSet<>();
    for (String app : param.split(",", -1)) {
      String trimmed = app.trim();
      if (!trimmed.isEmpty()) {
        apps.add(VersionRef.requireApp(trimmed));
      }
    }
    return apps.isEmpty() ? null : apps;
  }

  /** The change id, the schema and the apps: the snapshot is the same while these are. */
  private static String etag(long changeId, String fingerprint, @Nullable SortedSet<String> apps) {
    String schema = fingerprint.length() > 16 ? fingerprint.substring(0, 16) : fingerprint;
    return "\""
        + changeId
        + "-"
        + schema
        + (apps == null ? "" : "-" + String.join(",", apps))
        + "\"";
  }

  private static boolean matches(@Nullable String ifNoneMatch, String etag) {
    if (ifNoneMatch == null) {
      return false;
    }
    for (String candidate : ifNoneMatch.split(",")) {
      String trimmed = candidate.trim();
      if (trimmed.equals("*") || trimmed.equals(etag) || trimmed.equals("W/" + etag)) {
        return true;
      }
    }
    return false;
  }

  /** A whole number of at least 0, or {@code absent} when the parameter is not given. */
  private static long number(Context ctx, String name, long absent) {
    @Nullable String value = ctx.queryParam(name);
    if (value == null) {
      return absent;
    }
    try {
      long parsed = Long.parseLong(value);
      if (parsed >= 0) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw RouteException.badNumber(name, value);
  }

  private record Waiter(long after, long deadline, CompletableFuture<Long> answer) {}
}
