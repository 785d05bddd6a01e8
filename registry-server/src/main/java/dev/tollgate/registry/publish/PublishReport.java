package dev.tollgate.registry.publish;

import java.util.List;

/**
 * What a publication did or, for a dry run, would do: each operation of each distinct document in
 * manifest order.
 *
 * @param created true when this call stored the version; false for a dry run and for a re-publish
 *     of the same manifest (a no-op)
 */
public record PublishReport(
    String app, String version, boolean dryRun, boolean created, List<OperationReport> operations) {

  public PublishReport {
    operations = List.copyOf(operations);
  }
}
