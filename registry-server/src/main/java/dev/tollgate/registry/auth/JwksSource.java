package dev.tollgate.registry.auth;

import com.nimbusds.jose.jwk.JWKSet;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The public keys tokens are verified with: a JWK set read once from a file, or fetched from a URL
 * at start and again every {@code jwksRefreshSeconds} (sooner, every {@link #RETRY}, after a
 * failure). A fetch that fails (unreachable, not a 200, not a JWK set, no key) keeps the last keys,
 * which keep working until they are {@code jwksMaxAgeSeconds} old; past that {@link #current}
 * answers {@code null} and the section's {@code onJwksFailure} decides. Only public keys are kept.
 */
public final class JwksSource implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(JwksSource.class);

  /** A {@code jwksFile} that names a resource of the jar rather than a file ({@link DemoJwt}). */
  public static final String CLASSPATH = "classpath:";

  /** How soon a failed fetch is tried again (at most the refresh interval). */
  static final Duration RETRY = Duration.ofSeconds(10);

  private static final Duration TIMEOUT = Duration.ofSeconds(5);
  private static final int MAX_JWKS_BYTES = 1 << 20;

  private final @Nullable URI url;
  private final Duration refresh;
  private final Duration maxAge;
  private final InstantSource clock;
  private final @Nullable HttpClient http;
  private volatile @Nullable Keys keys;
  private volatile boolean failing;
  private @Nullable ScheduledExecutorService scheduler;

  private JwksSource(
      @Nullable URI url,
      @Nullable Keys keys,
      Duration refresh,
      Duration maxAge,
      InstantSource clock) {
    this.url = url;
    this.keys = keys;
    this.refresh = refresh;
    this.maxAge = maxAge;
    this.clock = clock;
    this.http = url == null ? null : HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
  }

  /**
   * The keys of {@code settings}: its file read now, or its URL, not fetched yet ({@link #start}).
   */
  public static JwksSource of(JwtSettings settings, InstantSource clock) {
    Duration refresh = Duration.ofSeconds(settings.jwksRefreshSeconds());
    Duration maxAge = Duration.ofSeconds(settings.jwksMaxAgeSeconds());
    String file = settings.jwksFile();
    if (file != null) {
      return new JwksSource(null, new Keys(readFile(file), Long.MAX_VALUE), refresh, maxAge, clock);
    }
    return new JwksSource(
        URI.create(String.valueOf(settings.jwksUrl())), null, refresh, maxAge, clock);
  }

  /**
   * The public keys of the JWK set in {@code file}: a path, or {@code classpath:} and a resource
   * (the embedded demo's, {@link DemoJwt#JWKS}).
   *
   * @throws IllegalArgumentException naming what is wrong: missing, unreadable, not a JWK set, or
   *     without a key
   */
  public static JWKSet readFile(String file) {
    if (file.startsWith(CLASSPATH)) {
      return readResource(file.substring(CLASSPATH.length()));
    }
    return readFile(Path.of(file));
  }

  private static JWKSet readResource(String name) {
    try (InputStream in = JwksSource.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalArgumentException("no resource " + name);
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), CLASSPATH + name);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + name + ": " + e);
    }
  }

  private static JWKSet readFile(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("file not found: " + file.toAbsolutePath());
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + file.toAbsolutePath() + ": " + e);
    }
    return parse(text, file.toAbsolutePath().toString());
  }

  /** Fetches the URL's keys now, then again every refresh interval, on a daemon thread. */
  public void start() {
    if (url == null) {
      return;
    }
    fetch();
    ScheduledExecutorService timer =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "tollgate-jwks");
              thread.setDaemon(true);
              return thread;
            });
    scheduler = timer;
    timer.schedule(this::fetchAndReschedule, nextDelay().toMillis(), TimeUnit.MILLISECONDS);
  }

  private void fetchAndReschedule() {
    fetch();
    ScheduledExecutorService timer = scheduler;
    if (timer != null && !timer.isShutdown()) {
      timer.schedule(this::fetchAndReschedule, nextDelay().toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  private Duration nextDelay() {
    return failing && RETRY.compareTo(refresh) < 0 ? RETRY : refresh;
  }

  /**
   * Fetches the URL's keys once; on success they replace the last ones.
   *
   * @return whether the fetch succeeded (always true for a file)
   */
  public boolean fetch() {
    if (url == null || http == null) {
      return true;
    }
    try {
      HttpResponse<byte[]> response =
          http.send(
              HttpRequest.newBuilder(url).timeout(TIMEOUT).GET().build(),
              HttpResponse.BodyHandlers.ofByteArray());
      if (response.statusCode() != 200) {
        throw new IllegalArgumentException("status " + response.statusCode());
      }
      if (response.body().length > MAX_JWKS_BYTES) {
        throw new IllegalArgumentException("larger than " + MAX_JWKS_BYTES + " bytes");
      }
      JWKSet set = parse(new String(response.body(), StandardCharsets.UTF_8), url.toString());
      keys = new Keys(set, clock.millis());
      if (failing) {
        LOG.info("JWK set fetched again from {} ({} keys)", url, set.size());
      }
      failing = false;
      return true;
    } catch (IOException | IllegalArgumentException e) {
      failed(e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failed("interrupted");
    }
    return false;
  }

  private void failed(@Nullable String reason) {
    if (!failing) {
      LOG.warn(
          "cannot fetch the JWK set from {} ({}): the last keys keep working until {} s old",
          url,
          reason,
          maxAge.toSeconds());
    }
    failing = true;
  }

  /**
   * The keys to verify with, or {@code null} when there are none yet or they are older than the max
   * age (only a URL's keys age).
   */
  public @Nullable JWKSet current() {
    Keys now = keys;
    if (now == null) {
      return null;
    }
    if (now.fetchedMillis != Long.MAX_VALUE
        && clock.millis() - now.fetchedMillis > maxAge.toMillis()) {
      return null;
    }
    return now.set;
  }

  /** The seconds a client told the keys are unavailable should wait: until the next fetch. */
  long retryAfterSeconds() {
    return Math.max(1, nextDelay().toSeconds());
  }

  @Override
  public void close() {
    ScheduledExecutorService timer = scheduler;
    if (timer != null) {
      timer.shutdownNow();
    }
  }

  private static JWKSet parse(String text, String where) {
    JWKSet set;
    try {
      set = JWKSet.parse(text).toPublicJWKSet();
    } catch (ParseException e) {
      throw new IllegalArgumentException("not a JWK set: " + where + ": " + e.getMessage());
    }
    if (set.isEmpty()) {
      throw new IllegalArgumentException("the JWK set holds no public key: " + where);
    }
    return set;
  }

  /**
   * @param fetchedMillis when the set was fetched; {@link Long#MAX_VALUE} for a file's, which never
   *     ages
   */
  private record Keys(JWKSet set, long fetchedMillis) {}
}
