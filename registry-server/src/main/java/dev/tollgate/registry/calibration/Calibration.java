package dev.tollgate.registry.calibration;

import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tollgate.registry.metrics.GatewayMetrics;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.store.MeasurementStore;
import dev.tollgate.registry.store.Measurements.Batch;
import dev.tollgate.registry.store.Measurements.Usage;
import dev.tollgate.registry.store.Measurements.VersionUsage;
import dev.tollgate.registry.store.RegistryStore;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The calibration report and usage per document, the entry of measured cost's read side: this
 * gateway's counters ({@link CostMeter}) are flushed to the registry's store every {@code
 * gateway.measurementFlushMillis} as deltas that add to every other gateway's, and on close; the
 * reports read the store, after flushing this gateway's own counters. A failed flush keeps its
 * batch and retries it on the next one (new counts wait in memory meanwhile).
 */
public final class Calibration implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Calibration.class);

  private final Aggregates aggregates = new Aggregates();
  private final OperationTraffic traffic = new OperationTraffic();
  private final VersionIndex versions;
  private final @Nullable RegistryStore store;
  private final Supplier<OperationPricer> pricer;
  private final InstantSource clock;
  private final List<CostMeter> meters = new ArrayList<>();
  private @Nullable Batch pending;
  private @Nullable ScheduledExecutorService flusher;

  /**
   * @param store where the counters go; {@code null} keeps none (a gateway without a store)
   * @param pricer the active schema's pricer, read at each use (an activation swaps it)
   */
  public Calibration(
      @Nullable RegistryStore store, Supplier<OperationPricer> pricer, InstantSource clock) {
    this.store = store;
    this.pricer = pricer;
    this.clock = clock;
    this.versions = new VersionIndex(() -> store);
  }

  /**
   * The hot-path meter feeding these counters.
   *
   * @param plans the bounds of the cache of actual-cost plans, set by the wiring
   * @param enabled false measures nothing (no {@code extensions.cost.actual}, no refunds)
   */
  public synchronized CostMeter meter(
      Caffeine<Object, Object> plans, GatewayMetrics metrics, boolean enabled) {
    CostMeter meter =
        new CostMeter(
            pricer, plans.build(), metrics, aggregates, traffic, versions, clock, enabled);
    meters.add(meter);
    return meter;
  }

  /** Another schema is active: the actual-cost plans compiled under the old one are dropped. */
  public synchronized void schemaChanged() {
    meters.forEach(CostMeter::clearPlans);
  }

  /**
   * A version was published or retired (here or on another gateway): requests are counted for the
   * versions active from now on.
   */
  public void versionsChanged() {
    versions.stale();
  }

  /**
   * A batch an in-process instance reported ({@code POST /v1/registry/measurements}) with its usage
   * counted for versions as the gateway counts its own: each row for the newest active version of
   * any app holding its document (the instance does not send its caller's apps). A document no
   * active version holds counts for none.
   */
  public Batch attributed(Batch reported) {
    List<VersionUsage> attributed = new ArrayList<>(reported.versionUsage());
    for (Usage usage : reported.usage()) {
      VersionIndex.Served served = versions.newest(usage.documentId());
      if (served != null) {
        attributed.add(
            new VersionUsage(
                served.app(),
                served.version(),
                usage.documentId(),
                usage.operation(),
                usage.requests(),
                usage.lastSeen()));
      }
    }
    return new Batch(
        reported.buckets(),
        reported.maxima(),
        reported.usage(),
        attributed,
        reported.operationHours(),
        reported.operationCounts());
  }

  /**
   * Flushes every {@code interval}, and deletes the per-operation traffic older than {@code
   * retentionDays} about once an hour ({@link TrafficRetention}), on a daemon thread, until closed.
   */
  public synchronized void startFlushing(Duration interval, int retentionDays) {
    if (flusher != null || store == null) {
      return;
    }
    flusher =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "tollgate-measurements");
              thread.setDaemon(true);
              return thread;
            });
    long millis = interval.toMillis();
    flusher.scheduleWithFixedDelay(this::flushQuietly, millis, millis, TimeUnit.MILLISECONDS);
    TrafficRetention retention = new TrafficRetention(store, clock, retentionDays);
    flusher.scheduleWithFixedDelay(
        retention::pruneQuietly, 0, TrafficRetention.EVERY.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Adds this gateway's counters since the last flush to the store, now. */
  public synchronized void flush() {
    if (store == null) {
      aggregates.drain();
      traffic.drain(clock.instant());
      return;
    }
    if (pending == null) {
      pending = drain();
    }
    store.measurements().add(pending);
    pending = null;
  }

  private Batch drain() {
    Batch counters = aggregates.drain();
    OperationTraffic.Drained drained = traffic.drain(clock.instant());
    return new Batch(
        counters.buckets(),
        counters.maxima(),
        counters.usage(),
        drained.usage(),
        drained.hours(),
        drained.counts());
  }

  /** The calibration report over every gateway's flushed counters, this one's included. */
  public CalibrationReport report() {
    flush();
    return CalibrationReport.of(requireStore(), pricer.get());
  }

  /** The report's suggestions as an SDL patch ({@code ?format=sdl}). */
  public String sdl() {
    return CalibrationSdl.of(report(), pricer.get().schema());
  }

  /** Requests and last use of every registered operation, by {@code documentId/operation}. */
  public Map<String, Usage> usage() {
    flush();
    Map<String, Usage> usage = new HashMap<>();
    for (Usage row : requireStore().measurements().usage()) {
      usage.put(row.documentId() + "/" + row.operation(), row);
    }
    return usage;
  }

  /**
   * Requests and last use per version, document and operation, each request counted for the one
   * version it was admitted under.
   */
  public VersionUsages versionUsage() {
    flush();
    return VersionUsages.of(requireStore().measurements().versionUsage());
  }

  /** The active versions and documents of {@code app} not used for {@code days} days. */
  public UnusedReport unused(String app, int days) {
    return UnusedReport.of(requireStore(), app, days, versionUsage(), clock.instant());
  }

  /**
   * Whether {@code app} {@code version} served requests within the last {@code days} days: the
   * requests counted for it in that window (by the hour) and the latest; empty when none (or when
   * {@code days} is 0).
   */
  public Optional<VersionInUse> inUse(String app, String version, int days) {
    if (days == 0) {
      return Optional.empty();
    }
    VersionUsages.Used used = versionUsage().ofVersion(app, version);
    Instant since = clock.instant().minus(Duration.ofDays(days));
    if (used == null || used.lastSeen().isBefore(since)) {
      return Optional.empty();
    }
    long requests =
        requireStore()
            .measurements()
            .versionRequestsSince(app, version, OperationTraffic.hourOf(since));
    return Optional.of(new VersionInUse(requests, used.lastSeen(), days));
  }

  /** Per-operation traffic over the last {@code window}, every gateway's, this one's included. */
  public List<OperationTrafficFigures> operations(OperationWindow window, OperationFilter filter) {
    flush();
    MeasurementStore measurements = requireStore().measurements();
    Instant since = OperationTraffic.hourOf(clock.instant().minus(window.duration()));
    return OperationsReport.of(
        measurements.operationHours(since), measurements.operationCounts(since), filter);
  }

  private RegistryStore requireStore() {
    if (store == null) {
      throw new IllegalStateException("measurements need a store");
    }
    return store;
  }

  private void flushQuietly() {
    try {
      flush();
    } catch (RuntimeException e) {
      LOG.warn(
          "cannot flush measurements to the store (kept for the next flush): {}", e.toString());
    }
  }

  @Override
  public void close() {
    ScheduledExecutorService running;
    synchronized (this) {
      running = flusher;
      flusher = null;
    }
    if (running != null) {
      running.shutdownNow();
    }
    flushQuietly();
  }
}
