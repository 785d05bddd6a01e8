package dev.tollgate.registry.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.store.Measurements.OperationHour;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class OperationTrafficTest {

  private static final Instant TEN = Instant.parse("2026-12-03T10:00:00Z");
  private static final OperationTraffic.Key KEY =
      new OperationTraffic.Key(TEN, "web", "cargo-web", "1.0.0", "ab".repeat(32), "TrackCargo");

  @Test
  void answered_sameRowTwice_oneRowWithBoth() {
    OperationTraffic traffic = new OperationTraffic();
    OperationTraffic.Row row = new OperationTraffic.Row(KEY);

    traffic.answered(row, TEN.plusSeconds(5), 3, 3, null);
    traffic.answered(row, TEN.plusSeconds(9), 4, 5, 2L);

    List<OperationHour> hours = traffic.drain(TEN.plusSeconds(10)).hours();
    assertThat(hours).hasSize(1);
    assertThat(hours.get(0).requests()).isEqualTo(2);
    assertThat(hours.get(0).unitsCharged()).isEqualTo(7); // 3 + 4
    assertThat(hours.get(0).lastSeen()).isEqualTo(TEN.plusSeconds(9));
  }

  @Test
  void answered_afterADrainOfTheCurrentHour_countsTheDeltaOnly() {
    OperationTraffic traffic = new OperationTraffic();
    OperationTraffic.Row row = new OperationTraffic.Row(KEY);
    traffic.answered(row, TEN.plusSeconds(5), 3, 3, null);
    traffic.drain(TEN.plusSeconds(6)); // the hour is still current: its tally stays open

    traffic.answered(row, TEN.plusSeconds(7), 2, 2, null);

    List<OperationHour> hours = traffic.drain(TEN.plusSeconds(8)).hours();
    assertThat(hours).singleElement().extracting(OperationHour::requests).isEqualTo(1L);
    assertThat(hours.get(0).unitsCharged()).isEqualTo(2);
  }

  @Test
  void answered_afterItsHourWasClosed_countedInAFreshTally() {
    OperationTraffic traffic = new OperationTraffic();
    OperationTraffic.Row row = new OperationTraffic.Row(KEY);
    traffic.answered(row, TEN.plusSeconds(5), 3, 3, null);
    assertThat(traffic.drain(TEN.plusSeconds(3600)).hours()).hasSize(1); // closes 10:00's tally

    // a request of 10:59 counted after the drain: the row's closed tally must not swallow it
    traffic.answered(row, TEN.plusSeconds(3599), 6, 6, null);

    List<OperationHour> hours = traffic.drain(TEN.plusSeconds(3601)).hours();
    assertThat(hours).singleElement().extracting(OperationHour::unitsCharged).isEqualTo(6L);
  }

  @Test
  void holds_onlyTheSameHourPolicyAndVersion() {
    OperationTraffic.Row row = new OperationTraffic.Row(KEY);
    VersionIndex.Served served = new VersionIndex.Served("cargo-web", "1.0.0");

    assertThat(row.holds(TEN, "web", served)).isTrue();
    assertThat(row.holds(TEN.plusSeconds(3599), "web", served)).isTrue();
    assertThat(row.holds(TEN.plusSeconds(3600), "web", served)).isFalse(); // the next hour
    assertThat(row.holds(TEN.minusSeconds(1), "web", served)).isFalse();
    assertThat(row.holds(TEN, "partner", served)).isFalse();
    assertThat(row.holds(TEN, "web", new VersionIndex.Served("cargo-web", "1.0.1"))).isFalse();
    assertThat(row.holds(TEN, "web", null)).isFalse(); // a retired version counts under ""
  }
}
