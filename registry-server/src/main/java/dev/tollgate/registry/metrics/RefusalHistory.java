package dev.tollgate.registry.metrics;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Samples of the request counter by outcome ({@code tollgate_requests_total}), taken at a fixed
 * interval and kept in a bounded ring, so the console can draw refusals by code over the last hour
 * without a Prometheus. The intervals between samples are differences of the counter, the last one
 * running up to now.
 */
final class RefusalHistory implements AutoCloseable {

  private final InstantSource clock;
  private final Supplier<Map<String, Long>> counter;
  private final int capacity;
  private final ArrayDeque<Sample> samples = new ArrayDeque<>();
  private @Nullable ScheduledExecutorService sampler;

  /**
   * @param counter the counter's current values by outcome
   * @param capacity how many samples are kept (the intervals shown are one fewer, plus now)
   */
  RefusalHistory(InstantSource clock, Supplier<Map<String, Long>> counter, int capacity) {
    if (capacity < 2) {
      throw new IllegalArgumentException("capacity must be at least 2: " + capacity);
    }
    this.clock = clock;
    this.counter = counter;
    this.capacity = capacity;
  }

  /** Samples now, then every {@code interval} on a daemon thread until closed. */
  synchronized void start(Duration interval) {
    if (sampler != null) {
      return;
    }
    sample();
    ScheduledExecutorService executor =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "tollgate-request-sampler");
              thread.setDaemon(true);
              return thread;
            });
    executor.scheduleAtFixedRate(
        this::sample, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    sampler = executor;
  }

  @Override
  public synchronized void close() {
    if (sampler != null) {
      sampler.shutdownNow();
      sampler = null;
    }
  }

  synchronized void sample() {
    samples.addLast(new Sample(clock.instant(), Map.copyOf(counter.get())));
    while (samples.size() > capacity) {
      samples.removeFirst();
    }
  }

  /** The intervals between samples, oldest first, the last one from the last sample to now. */
  synchronized List<RefusalInterval> intervals() {
    List<RefusalInterval> intervals = new ArrayList<>();
    Sample previous = null;
    for (Sample sample : samples) {
      if (previous != null) {
        intervals.add(between(previous, sample));
      }
      previous = sample;
    }
    if (previous != null) {
      intervals.add(between(previous, new Sample(clock.instant(), counter.get())));
    }
    return intervals;
  }

  private static RefusalInterval between(Sample from, Sample to) {
    long ok = 0;
    Map<String, Long> refusals = new HashMap<>();
    for (Map.Entry<String, Long> entry : to.counts().entrySet()) {
      long moved = entry.getValue() - from.counts().getOrDefault(entry.getKey(), 0L);
      if (entry.getKey().equals("ok")) {
        ok = moved;
      } else if (moved > 0) {
        refusals.put(entry.getKey(), moved);
      }
    }
    Instant end = to.time().isBefore(from.time()) ? from.time() : to.time();
    return new RefusalInterval(from.time(), end, ok, refusals);
  }

  private record Sample(Instant time, Map<String, Long> counts) {}
}
