package dev.tollgate.graphqljava;

import dev.tollgate.registry.admission.AdmittedOperation;
import dev.tollgate.registry.measure.MeasurementBatch;
import dev.tollgate.registry.measure.MeasurementCounters;
import dev.tollgate.registry.measure.MeasurementJson;
import dev.tollgate.registry.pricing.ActualCost;
import dev.tollgate.registry.pricing.ListObservation;
import java.io.IOException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the gateway counts and flushes to the registry's store, counted here and sent to the
 * registry ({@code POST /v1/registry/measurements}) every few seconds on a daemon thread: usage per
 * registered operation, and the calibration histograms (list sizes observed and requested by
 * coordinate; estimated, actual and their ratio by operation). Recording is a few map updates; no
 * request waits for a flush. A flush that fails keeps its deltas, merged with the next ones (so
 * they stay as many rows as there are distinct histograms and operations), up to {@value
 * #MAX_PENDING_ROWS} rows; a batch the registry refuses as bad (400, 413) is dropped with a
 * warning, since sending it again cannot help.
 */
final class MeasurementReporter implements AutoCloseable {

  /** Sends one batch's JSON; an {@link IOException} keeps it for the next flush. */
  @FunctionalInterface
  interface Sink {
    void send(byte[] batch) throws IOException, InterruptedException;
  }

  static final int MAX_PENDING_ROWS = 100_000;

  private static final Logger LOG = LoggerFactory.getLogger(MeasurementReporter.class);

  private final MeasurementCounters counters = new MeasurementCounters();
  private final Sink sink;
  private final InstantSource clock;
  private @Nullable MeasurementBatch pending;
  private boolean failing;
  private @Nullable ScheduledExecutorService flusher;

  MeasurementReporter(Sink sink, InstantSource clock) {
    this.sink = sink;
    this.clock = clock;
  }

  /**
   * Counts an admitted operation's answer, as the gateway's {@code CostMeter} does: its lists, and
   * for a registered document its estimated and actual cost and its use; {@code actual} is {@code
   * null} when no plan could measure it (the use is still counted).
   */
  void answered(AdmittedOperation operation, @Nullable ActualCost actual) {
    if (actual != null) {
      for (ListObservation list : actual.lists()) {
        record(MeasurementBatch.FIELD, list.coordinate(), "observed", list.size());
        if (list.requested() != null) {
          record(MeasurementBatch.FIELD, list.coordinate(), "requested", list.requested());
        }
      }
    }
    if (!operation.registered()) {
      return;
    }
    String name = operation.request().operationName();
    String operationName = name == null ? "" : name;
    String document = operation.document().hex(); // written once: a hash formats it on each call
    if (actual != null) {
      String subject = document + "/" + operationName;
      record(MeasurementBatch.OPERATION, subject, "estimated", operation.cost());
      record(MeasurementBatch.OPERATION, subject, "actual", actual.cost());
      if (operation.cost() > 0) {
        record(
            MeasurementBatch.OPERATION, subject, "ratio", actual.cost() * 1000 / operation.cost());
      }
    }
    counters.used(document, operationName, clock.instant());
  }

  private void record(String kind, String subject, String measure, long value) {
    counters.record(kind, subject, measure, value);
  }

  /** Flushes every {@code interval} on a daemon thread, until closed. */
  synchronized void start(Duration interval) {
    if (flusher != null) {
      return;
    }
    ScheduledExecutorService executor =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "tollgate-measurements");
              thread.setDaemon(true);
              return thread;
            });
    long millis = interval.toMillis();
    executor.scheduleWithFixedDelay(this::flush, millis, millis, TimeUnit.MILLISECONDS);
    flusher = executor;
  }

  /**
   * Sends what was counted since the last flush that reached the registry.
   *
   * @return false when it could not be sent (kept for the next flush)
   */
  synchronized boolean flush() {
    MeasurementBatch batch = pending == null ? counters.drain() : pending.plus(counters.drain());
    pending = null;
    if (batch.isEmpty()) {
      return true;
    }
    try {
      sink.send(MeasurementJson.write(batch));
      if (failing) {
        failing = false;
        LOG.info("measurements reach the registry again ({} rows sent)", batch.rows());
      }
      return true;
    } catch (IllegalArgumentException e) {
      LOG.warn(
          "the registry refused a measurement batch of {} rows, dropped: {}",
          batch.rows(),
          e.getMessage());
      return false;
    } catch (IOException | RuntimeException e) {
      keep(batch, e);
      return false;
    } catch (InterruptedException e) {
      keep(batch, e);
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** How many rows wait for the next flush (sent and failed ones, not those counted since). */
  synchronized int pendingRows() {
    return pending == null ? 0 : pending.rows();
  }

  private void keep(MeasurementBatch batch, Exception e) {
    if (batch.rows() > MAX_PENDING_ROWS) {
      LOG.warn(
          "cannot send measurements to the registry ({}); {} rows are more than {} kept: dropped",
          e.toString(),
          batch.rows(),
          MAX_PENDING_ROWS);
      return;
    }
    pending = batch;
    if (!failing) {
      failing = true;
      LOG.warn(
          "cannot send measurements to the registry ({}); {} rows kept for the next flush",
          e.toString(),
          batch.rows());
    }
  }

  /** Stops the flushing thread and flushes once more. */
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
    flush();
  }
}
