package dev.tollgate.registry.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.store.Measurements.Batch;
import dev.tollgate.registry.store.Measurements.OperationCount;
import dev.tollgate.registry.store.Measurements.OperationHour;
import dev.tollgate.registry.store.RegistryStore;
import dev.tollgate.registry.store.StoreSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The per-operation traffic is kept {@code gateway.trafficRetentionDays}, then deleted. */
final class TrafficRetentionTest {

  private static final Instant NOW = Instant.parse("2026-12-03T14:30:00Z");

  @TempDir Path tempDir;
  private RegistryStore store;

  @AfterEach
  void close() {
    if (store != null) {
      store.close();
    }
  }

  @Test
  void prune_deletesTheHoursBeforeTheRetentionAndKeepsTheRest() {
    store =
        RegistryStore.open(StoreSettings.h2In(tempDir.resolve("data")), InstantSource.fixed(NOW));
    // 35 days before 14:30 is 2026-10-29T14:30; its hour starts at 14:00, the first hour kept
    Instant firstKept = Instant.parse("2026-10-29T14:00:00Z");
    Instant lastDeleted = firstKept.minus(Duration.ofHours(1));
    Instant recent = Instant.parse("2026-12-03T13:00:00Z");
    store.measurements().add(batch(List.of(lastDeleted, firstKept, recent)));

    int deleted = new TrafficRetention(store, InstantSource.fixed(NOW), 35).prune();

    // one hour row and one count row of the oldest hour
    assertThat(deleted).isEqualTo(2);
    assertThat(store.measurements().operationHours(Instant.EPOCH))
        .extracting(OperationHour::hourStart)
        .containsExactlyInAnyOrder(firstKept, recent);
    assertThat(store.measurements().operationCounts(Instant.EPOCH))
        .extracting(OperationCount::hourStart)
        .containsExactlyInAnyOrder(firstKept, recent);
    assertThat(new TrafficRetention(store, InstantSource.fixed(NOW), 35).prune()).isZero();
  }

  @Test
  void settings_retentionNotLongerThanTheLongestWindow_refusedNamingTheKey() {
    assertThatThrownBy(() -> new CalibrationSettings(true, 5_000, 30))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "gateway.trafficRetentionDays must be more than 30 (the longest window of"
                + " /v1/operations): 30");
    assertThat(new CalibrationSettings(true, 5_000, 31).trafficRetentionDays()).isEqualTo(31);
  }

  private static Batch batch(List<Instant> hours) {
    List<OperationHour> rows =
        hours.stream()
            .map(hour -> new OperationHour(hour, "web", "app", "1", "d", "Q", 1, 5, hour))
            .toList();
    List<OperationCount> counts =
        hours.stream()
            .map(hour -> new OperationCount(hour, "web", "app", "1", "d", "Q", "estimated", 3, 1))
            .toList();
    return new Batch(List.of(), List.of(), List.of(), List.of(), rows, counts);
  }
}
