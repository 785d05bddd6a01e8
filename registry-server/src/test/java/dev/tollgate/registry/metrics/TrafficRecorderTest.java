package dev.tollgate.registry.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.Test;

final class TrafficRecorderTest {

  private static final Instant AT = Instant.parse("2026-12-01T12:00:00Z");

  @Test
  void recent_moreThanCapacity_keepsTheLastOnesOldestFirst() {
    TrafficRecorder recorder = new TrafficRecorder(InstantSource.fixed(AT), 3);
    for (long cost = 1; cost <= 5; cost++) {
      recorder.record("web", cost, cost == 4 ? "RATE_LIMITED" : "ok");
    }

    assertThat(recorder.recent("web"))
        .containsExactly(
            new TrafficSample(AT, 3L, "ok"),
            new TrafficSample(AT, 4L, "RATE_LIMITED"),
            new TrafficSample(AT, 5L, "ok"));
  }

  @Test
  void recent_perPolicy_unpricedKeptWithoutCost() {
    TrafficRecorder recorder = new TrafficRecorder(InstantSource.fixed(AT), 3);
    recorder.record("web", null, "PERSISTED_QUERY_NOT_IN_LIST");

    assertThat(recorder.recent("web"))
        .containsExactly(new TrafficSample(AT, null, "PERSISTED_QUERY_NOT_IN_LIST"));
    assertThat(recorder.recent("partner")).isEqualTo(List.of());
  }
}
