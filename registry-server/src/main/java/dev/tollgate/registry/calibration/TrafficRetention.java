package dev.tollgate.registry.calibration;

import dev.tollgate.registry.store.RegistryStore;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the per-operation traffic ({@code operation_hours} and its counts) bounded in time: the
 * hours older than {@code gateway.trafficRetentionDays} are deleted. Every gateway runs it about
 * once an hour on its measurements thread; a delete another gateway already made deletes nothing.
 * The other measured-cost tables (calibration histograms, usage per document and per version) hold
 * one row per operation, not per hour, and are not pruned.
 */
final class TrafficRetention {

  private static final Logger LOG = LoggerFactory.getLogger(TrafficRetention.class);

  /** How often the old hours are deleted. */
  static final Duration EVERY = Duration.ofHours(1);

  private final RegistryStore store;
  private final InstantSource clock;
  private final Duration kept;

  TrafficRetention(RegistryStore store, InstantSource clock, int retentionDays) {
    this.store = store;
    this.clock = clock;
    this.kept = Duration.ofDays(retentionDays);
  }

  /**
   * Deletes the hours that started before the retention.
   *
   * @return the rows deleted
   */
  int prune() {
    Instant before = OperationTraffic.hourOf(clock.instant().minus(kept));
    int deleted = store.measurements().deleteTrafficBefore(before);
    if (deleted > 0) {
      LOG.info("deleted {} rows of per-operation traffic from before {}", deleted, before);
    }
    return deleted;
  }

  void pruneQuietly() {
    try {
      prune();
    } catch (RuntimeException e) {
      LOG.warn("deleting old per-operation traffic failed; trying again in {}", EVERY, e);
    }
  }
}
