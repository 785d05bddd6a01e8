package dev.tollgate.client.upload;

import java.util.ArrayList;
import java.util.List;

/** The impact report as a plain-text table: app, version, name, old and new cost, status. */
public final class ImpactTable {

  private static final String ROW = "%-20s %-10s %-32s %10s %10s %-10s %s";

  private ImpactTable() {}

  public static List<String> render(SchemaImpact impact) {
    List<String> lines = new ArrayList<>();
    lines.add(
        String.format(
            ROW, "APP", "VERSION", "OPERATION", "OLD COST", "NEW COST", "STATUS", "NEW PRICE"));
    for (SchemaImpact.Operation operation : impact.operations()) {
      lines.add(
          String.format(
              ROW,
              operation.app(),
              operation.version(),
              operation.name(),
              operation.oldCost(),
              operation.newCost() == null ? "-" : operation.newCost().toString(),
              operation.status(),
              operation.newPrice() == null
                  ? String.join("; ", operation.errors())
                  : operation.newPrice()));
    }
    lines.add("summary: " + impact.summary());
    return lines;
  }
}
