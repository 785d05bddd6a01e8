package dev.tollgate.registry.schema;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Every operation of every active version repriced under a schema, and how many of each status. A
 * repricing's report holds its impacts as columns ({@link ImpactRows}), each {@link
 * OperationImpact} written when read.
 */
public record ImpactReport(String fingerprint, List<OperationImpact> operations) {

  public ImpactReport {
    operations = operations instanceof ImpactRows ? operations : List.copyOf(operations);
  }

  /** The count of each status, every status listed (0 included), in the enum's order. */
  public Map<ImpactStatus, Integer> summary() {
    Map<ImpactStatus, Integer> counts = new EnumMap<>(ImpactStatus.class);
    for (ImpactStatus status : ImpactStatus.values()) {
      counts.put(status, 0);
    }
    for (int row = 0; row < operations.size(); row++) {
      counts.merge(status(row), 1, Integer::sum);
    }
    return counts;
  }

  /** The broken operations. */
  public List<OperationImpact> broken() {
    List<OperationImpact> broken = new ArrayList<>();
    for (int row = 0; row < operations.size(); row++) {
      if (status(row) == ImpactStatus.BROKEN) {
        broken.add(operations.get(row));
      }
    }
    return List.copyOf(broken);
  }

  private ImpactStatus status(int row) {
    return operations instanceof ImpactRows rows ? rows.status(row) : operations.get(row).status();
  }
}
