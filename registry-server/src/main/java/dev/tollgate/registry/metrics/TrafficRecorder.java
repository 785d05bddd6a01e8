package dev.tollgate.registry.metrics;

import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.jspecify.annotations.Nullable;

/**
 * The last {@code capacity} requests of each policy (cost, outcome, time), in this process. Written
 * on every gateway request, so hand-written and lock-free (a slot index and an array of references)
 * rather than a synchronised queue: the hot path pays an increment and a store. Policies are the
 * config's, so the map is bounded by the config.
 */
final class TrafficRecorder {

  private final InstantSource clock;
  private final int capacity;
  private final ConcurrentMap<String, Ring> rings = new ConcurrentHashMap<>();

  TrafficRecorder(InstantSource clock, int capacity) {
    if (capacity <= 0) {
      throw new IllegalArgumentException("capacity must be positive: " + capacity);
    }
    this.clock = clock;
    this.capacity = capacity;
  }

  void record(String policy, @Nullable Long cost, String outcome) {
    rings
        .computeIfAbsent(policy, p -> new Ring(capacity))
        .add(new TrafficSample(clock.instant(), cost, outcome));
  }

  /** The policy's recent requests, oldest first; empty when it has had none. */
  List<TrafficSample> recent(String policy) {
    Ring ring = rings.get(policy);
    return ring == null ? List.of() : ring.snapshot();
  }

  private static final class Ring {
    private final AtomicReferenceArray<TrafficSample> slots;
    private final AtomicLong next = new AtomicLong();

    Ring(int capacity) {
      this.slots = new AtomicReferenceArray<>(capacity);
    }

    void add(TrafficSample sample) {
      slots.set((int) (next.getAndIncrement() % slots.length()), sample);
    }

    /** A slot being written while this reads may show its older sample: fine for a chart. */
    List<TrafficSample> snapshot() {
      long end = next.get();
      long start = Math.max(0, end - slots.length());
      List<TrafficSample> samples = new ArrayList<>((int) (end - start));
      for (long i = start; i < end; i++) {
        TrafficSample sample = slots.get((int) (i % slots.length()));
        if (sample != null) {
          samples.add(sample);
        }
      }
      return samples;
    }
  }
}
