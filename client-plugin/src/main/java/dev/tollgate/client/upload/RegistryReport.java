package dev.tollgate.client.upload;

import java.util.List;

/** The registry's answer to a check (dry run) or a publication. */
public record RegistryReport(
    String app, String version, boolean dryRun, List<ReportedOperation> operations) {

  public RegistryReport {
    operations = List.copyOf(operations);
  }

  public long newCount() {
    return operations.stream().filter(o -> o.status().equals("new")).count();
  }

  public long existingCount() {
    return operations.stream().filter(o -> o.status().equals("existing")).count();
  }

  public List<ReportedOperation> refused() {
    return operations.stream().filter(ReportedOperation::refused).toList();
  }
}
