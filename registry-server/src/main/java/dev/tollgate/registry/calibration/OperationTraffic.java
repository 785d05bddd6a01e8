package dev.tollgate.registry.calibration;

import dev.tollgate.registry.store.Measurements.OperationCount;
import dev.tollgate.registry.store.Measurements.OperationHour;
import dev.tollgate.registry.store.Measurements.VersionUsage;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * This gateway's per-operation traffic since the last flush, by hour, policy, version and
 * operation: answered requests, units charged, refusals by code and the estimated and actual cost
 * histograms. Drained as deltas of {@code operation_hours}, {@code operation_hour_counts} and
 * {@code version_usage}. The tally of a past hour is closed when drained (a request recorded into
 * it afterwards goes to a fresh tally), so memory holds about one hour of keys.
 */
final class OperationTraffic {

  /** The row a request counts in; {@code app} and {@code version} are "" for open-mode text. */
  record Key(
      Instant hourStart,
      String policy,
      String app,
      String version,
      String document,
      String operation) {

    boolean registered() {
      return !app.isEmpty();
    }
  }

  /**
   * A row its caller counts into again and again (a registered operation's, {@link
   * OperationSeries}): its key, and the tally found for it last, used while no drain has closed it,
   * so a repeated row builds, hashes and compares no key.
   */
  static final class Row {
    final Key key;
    private volatile @Nullable Tally tally;

    Row(Key key) {
      this.key = key;
    }

    /** Whether a request at {@code at} by {@code policy} under {@code served} counts here. */
    boolean holds(Instant at, String policy, VersionIndex.@Nullable Served served) {
      long since = at.getEpochSecond() - key.hourStart().getEpochSecond();
      return since >= 0
          && since < 3600
          && key.policy().equals(policy)
          && key.app().equals(served == null ? "" : served.app())
          && key.version().equals(served == null ? "" : served.version());
    }
  }

  /** The deltas of one drain. */
  record Drained(
      List<OperationHour> hours, List<OperationCount> counts, List<VersionUsage> usage) {}

  private final Map<Key, Tally> tallies = new ConcurrentHashMap<>();

  static Instant hourOf(Instant at) {
    return at.truncatedTo(ChronoUnit.HOURS);
  }

  /** One answered request, charged {@code units}, at estimated and (when measured) actual cost. */
  void answered(Row row, Instant at, long units, long estimated, @Nullable Long actual) {
    record(
        row,
        tally -> {
          tally.requests++;
          tally.units += units;
          tally.seen(at);
          tally.estimated.record(estimated);
          if (actual != null) {
            tally.actual.record(actual);
          }
        });
  }

  /** One request refused with {@code code}. */
  void refused(Key key, Instant at, String code) {
    record(
        new Row(key),
        tally -> {
          tally.refusals.merge(code, 1L, Long::sum);
          tally.seen(at);
        });
  }

  private void record(Row row, Consumer<Tally> change) {
    Tally known = row.tally;
    if (known != null && known.apply(change)) {
      return;
    }
    while (true) {
      Tally tally = tallies.computeIfAbsent(row.key, k -> new Tally());
      if (tally.apply(change)) {
        row.tally = tally;
        return;
      }
      // closed by a drain in between: the next computeIfAbsent makes a fresh one
    }
  }

  /** Everything since the last drain; tallies of hours before {@code now}'s are closed. */
  Drained drain(Instant now) {
    Instant current = hourOf(now);
    List<OperationHour> hours = new ArrayList<>();
    List<OperationCount> counts = new ArrayList<>();
    Map<VersionKey, VersionUsage> usage = new HashMap<>();
    for (Map.Entry<Key, Tally> entry : tallies.entrySet()) {
      Key key = entry.getKey();
      boolean past = key.hourStart().isBefore(current);
      Tally delta = entry.getValue().drain(past);
      if (past) {
        tallies.remove(key, entry.getValue());
      }
      if (delta != null) {
        add(key, delta, hours, counts, usage);
      }
    }
    return new Drained(hours, counts, new ArrayList<>(usage.values()));
  }

  private static void add(
      Key key,
      Tally delta,
      List<OperationHour> hours,
      List<OperationCount> counts,
      Map<VersionKey, VersionUsage> usage) {
    hours.add(
        new OperationHour(
            key.hourStart(),
            key.policy(),
            key.app(),
            key.version(),
            key.document(),
            key.operation(),
            delta.requests,
            delta.units,
            delta.lastSeen));
    histogram(key, "estimated", delta.estimated, counts);
    histogram(key, "actual", delta.actual, counts);
    delta.refusals.forEach((code, n) -> counts.add(count(key, "refused:" + code, 0, n)));
    if (key.registered() && delta.requests > 0) {
      VersionKey version =
          new VersionKey(key.app(), key.version(), key.document(), key.operation());
      usage.merge(
          version,
          new VersionUsage(
              key.app(),
              key.version(),
              key.document(),
              key.operation(),
              delta.requests,
              delta.lastSeen),
          OperationTraffic::sum);
    }
  }

  private static VersionUsage sum(VersionUsage a, VersionUsage b) {
    Instant last = a.lastSeen().isAfter(b.lastSeen()) ? a.lastSeen() : b.lastSeen();
    return new VersionUsage(
        a.app(), a.version(), a.documentId(), a.operation(), a.requests() + b.requests(), last);
  }

  private static void histogram(
      Key key, String measure, SizeHistogram histogram, List<OperationCount> counts) {
    histogram.forEachBucket((bucket, n) -> counts.add(count(key, measure, bucket, n)));
  }

  private static OperationCount count(Key key, String measure, int bucket, long n) {
    return new OperationCount(
        key.hourStart(),
        key.policy(),
        key.app(),
        key.version(),
        key.document(),
        key.operation(),
        measure,
        bucket,
        n);
  }

  private record VersionKey(String app, String version, String document, String operation) {}

  private static final class Tally {
    private long requests;
    private long units;
    private Instant lastSeen = Instant.EPOCH;
    private final Map<String, Long> refusals = new HashMap<>();
    private SizeHistogram estimated = new SizeHistogram();
    private SizeHistogram actual = new SizeHistogram();
    private boolean closed;
    private boolean touched;

    synchronized boolean apply(Consumer<Tally> change) {
      if (closed) {
        return false;
      }
      change.accept(this);
      touched = true;
      return true;
    }

    void seen(Instant at) {
      if (at.isAfter(lastSeen)) {
        lastSeen = at;
      }
    }

    /** The counts since the last drain, reset; {@code null} when none. */
    synchronized @Nullable Tally drain(boolean close) {
      closed = close;
      if (!touched) {
        return null;
      }
      Tally delta = new Tally();
      delta.requests = requests;
      delta.units = units;
      delta.lastSeen = lastSeen;
      delta.refusals.putAll(refusals);
      delta.estimated = estimated;
      delta.actual = actual;
      requests = 0;
      units = 0;
      refusals.clear();
      estimated = new SizeHistogram();
      actual = new SizeHistogram();
      touched = false;
      return delta;
    }
  }
}
