package dev.tollgate.registry.schema;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Every operation of every active version repriced under a schema, and how many of each status. */
public record ImpactReport(String fingerprint, List<OperationImpact> operations) {

  public ImpactReport {
    operations = List.copyOf(operations);
  }

  /** The count of each status, every status listed (0 included), in the enum's order. */
  public Map<ImpactStatus, Integer> summary() {
    Map<ImpactStatus, Integer> counts = new EnumMap<>(ImpactStatus.class);
    for (ImpactStatus status : ImpactStatus.values()) {
      counts.put(status, 0);
    }
    for (OperationImpact operation : operations) {
      counts.merge(operation.status(), 1, Integer::sum);
    }
    return counts;
  }

  /** The broken operations. */
  public List<OperationImpact> broken() {
    return operations.stream().filter(o -> o.status() == ImpactStatus.BROKEN).toList();
  }
}
