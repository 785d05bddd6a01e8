package dev.tollgate.registry.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class RefusalHistoryTest {

  private static final Instant T0 = Instant.parse("2026-12-01T12:00:00Z");

  private Instant now = T0;
  private final InstantSource clock = () -> now;
  private final Map<String, Long> counter = new HashMap<>();

  @Test
  void intervals_beforeTheFirstSample_none() {
    assertThat(new RefusalHistory(clock, () -> counter, 10).intervals()).isEmpty();
  }

  @Test
  void intervals_differencesBetweenSamples_lastOneUpToNow() {
    RefusalHistory history = new RefusalHistory(clock, () -> counter, 10);
    counter.put("ok", 1L);
    history.sample();
    counter.put("ok", 3L);
    counter.put("RATE_LIMITED", 2L);
    now = T0.plusSeconds(10);
    history.sample();
    counter.put("ok", 4L);
    counter.put("MAX_DEPTH_EXCEEDED", 1L);
    now = T0.plusSeconds(15);

    assertThat(history.intervals())
        .containsExactly(
            new RefusalInterval(T0, T0.plusSeconds(10), 2, Map.of("RATE_LIMITED", 2L)),
            // RATE_LIMITED did not move in the second interval, so it is left out
            new RefusalInterval(
                T0.plusSeconds(10), T0.plusSeconds(15), 1, Map.of("MAX_DEPTH_EXCEEDED", 1L)));
  }

  @Test
  void intervals_pastCapacity_oldestSamplesDropped() {
    RefusalHistory history = new RefusalHistory(clock, () -> counter, 2);
    for (int i = 0; i < 4; i++) {
      counter.put("ok", (long) i);
      now = T0.plus(Duration.ofSeconds(10L * i));
      history.sample();
    }

    // two samples kept (at 20 s and 30 s): one interval between them, one up to now
    List<RefusalInterval> intervals = history.intervals();
    assertThat(intervals).hasSize(2);
    assertThat(intervals.get(0).start()).isEqualTo(T0.plusSeconds(20));
  }
}
