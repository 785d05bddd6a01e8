package dev.tollgate.registry.calibration;

import dev.tollgate.registry.store.Measurements.OperationCount;
import dev.tollgate.registry.store.Measurements.OperationHour;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The stored hours of per-operation traffic added up per (policy, app, version, document,
 * operation), most units charged first.
 */
final class OperationsReport {

  private static final String REFUSED = "refused:";

  private OperationsReport() {}

  private record Group(String policy, String app, String version, String id, String operation) {}

  private static final class Sum {
    long requests;
    long units;
    @Nullable Instant lastSeen;
    final Map<String, Long> refusals = new LinkedHashMap<>();
    final SizeHistogram estimated = new SizeHistogram();
    final SizeHistogram actual = new SizeHistogram();
  }

  static List<OperationTrafficFigures> of(
      List<OperationHour> hours, List<OperationCount> counts, OperationFilter filter) {
    Map<Group, Sum> sums = new HashMap<>();
    for (OperationHour hour : hours) {
      if (!filter.accepts(hour.app(), hour.policy())) {
        continue;
      }
      Sum sum = sums.computeIfAbsent(group(hour), g -> new Sum());
      sum.requests += hour.requests();
      sum.units += hour.unitsCharged();
      if (sum.lastSeen == null || hour.lastSeen().isAfter(sum.lastSeen)) {
        sum.lastSeen = hour.lastSeen();
      }
    }
    for (OperationCount count : counts) {
      Sum sum = sums.get(group(count));
      if (sum != null) {
        add(sum, count);
      }
    }
    long total = 0;
    for (Sum sum : sums.values()) {
      total += sum.units;
    }
    List<OperationTrafficFigures> figures = new ArrayList<>();
    for (Map.Entry<Group, Sum> entry : sums.entrySet()) {
      figures.add(figures(entry.getKey(), entry.getValue(), total));
    }
    figures.sort(
        Comparator.comparingLong(OperationTrafficFigures::unitsCharged)
            .reversed()
            .thenComparing(Comparator.comparingLong(OperationTrafficFigures::requests).reversed())
            .thenComparing(OperationTrafficFigures::id)
            .thenComparing(OperationTrafficFigures::policy));
    return figures;
  }

  private static void add(Sum sum, OperationCount count) {
    String measure = count.measure();
    if (measure.startsWith(REFUSED)) {
      sum.refusals.merge(measure.substring(REFUSED.length()), count.count(), Long::sum);
    } else if (measure.equals("estimated")) {
      sum.estimated.add(count.bucket(), count.count());
      sum.estimated.addMax(SizeHistogram.upperBound(count.bucket()));
    } else if (measure.equals("actual")) {
      sum.actual.add(count.bucket(), count.count());
      sum.actual.addMax(SizeHistogram.upperBound(count.bucket()));
    }
  }

  private static OperationTrafficFigures figures(Group group, Sum sum, long total) {
    boolean open = group.app().isEmpty();
    return new OperationTrafficFigures(
        open ? null : group.app(),
        open ? null : group.version(),
        group.id(),
        group.operation().isEmpty() ? null : group.operation(),
        group.policy(),
        sum.requests,
        sum.units,
        total == 0 ? 0 : (double) sum.units / total,
        sum.refusals,
        percentiles(sum.estimated),
        percentiles(sum.actual),
        sum.lastSeen);
  }

  private static CalibrationReport.@Nullable Percentiles percentiles(SizeHistogram histogram) {
    if (histogram.isEmpty()) {
      return null;
    }
    return new CalibrationReport.Percentiles(
        histogram.percentile(0.5), histogram.percentile(0.95), histogram.max());
  }

  private static Group group(OperationHour hour) {
    return new Group(
        hour.policy(), hour.app(), hour.version(), hour.documentId(), hour.operation());
  }

  private static Group group(OperationCount count) {
    return new Group(
        count.policy(), count.app(), count.version(), count.documentId(), count.operation());
  }
}
