package dev.tollgate.registry.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/** The latency timer {@code tollgate_request_duration_seconds{outcome}}, one timer an outcome. */
final class LatencyTimers {

  private static final Duration[] LATENCY_BUCKETS = {
    Duration.ofMillis(1),
    Duration.ofMillis(5),
    Duration.ofMillis(10),
    Duration.ofMillis(25),
    Duration.ofMillis(50),
    Duration.ofMillis(100),
    Duration.ofMillis(250),
    Duration.ofMillis(500),
    Duration.ofSeconds(1),
    Duration.ofMillis(2_500),
    Duration.ofSeconds(5),
    Duration.ofSeconds(10)
  };

  private final MeterRegistry registry;
  private final ConcurrentMap<String, Timer> latencies = new ConcurrentHashMap<>();

  LatencyTimers(MeterRegistry registry) {
    this.registry = registry;
  }

  void record(String outcome, long nanos) {
    latencies.computeIfAbsent(outcome, this::latency).record(nanos, TimeUnit.NANOSECONDS);
  }

  private Timer latency(String outcome) {
    return Timer.builder("tollgate.request.duration")
        .description("Time to answer a gateway request, by outcome (ok or the error code).")
        .tag("outcome", outcome)
        .serviceLevelObjectives(LATENCY_BUCKETS)
        .register(registry);
  }
}
