package dev.tollgate.client.upload;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The report as a plain-text table: name, type, cost, depth, aliases, status, id prefix. */
public final class ReportTable {

  private static final String ROW = "%-32s %-12s %8s %6s %8s %-9s %s";

  private ReportTable() {}

  public static List<String> render(RegistryReport report) {
    List<String> lines = new ArrayList<>();
    lines.add(String.format(ROW, "OPERATION", "TYPE", "COST", "DEPTH", "ALIASES", "STATUS", "ID"));
    for (ReportedOperation operation : report.operations()) {
      lines.add(
          String.format(
              ROW,
              operation.name(),
              operation.type(),
              text(operation.cost()),
              text(operation.depth()),
              text(operation.aliases()),
              operation.status(),
              shortId(operation.id())));
    }
    return lines;
  }

  private static String text(@Nullable Object value) {
    return value == null ? "-" : value.toString();
  }

  private static String shortId(String id) {
    return id.length() <= 12 ? id : id.substring(0, 12);
  }
}
