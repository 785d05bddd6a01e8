package dev.tollgate.client.upload;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The registry's impact report for a schema sent as a dry run ({@code POST
 * /v1/schemas?dryRun=true}): every operation of every active app version, priced under the active
 * and under the new schema.
 *
 * @param summary the count of each status, as the registry sent it
 */
public record SchemaImpact(
    String fingerprint, List<Operation> operations, Map<String, Integer> summary) {

  public SchemaImpact {
    operations = List.copyOf(operations);
    summary = Map.copyOf(summary);
  }

  /**
   * One operation of one app version.
   *
   * @param newCost null when broken
   * @param status {@code unchanged}, {@code cheaper}, {@code dearer}, {@code broken} or {@code
   *     over-limit}
   */
  public record Operation(
      String app,
      String version,
      String id,
      String name,
      String oldPrice,
      @Nullable String newPrice,
      long oldCost,
      @Nullable Long newCost,
      String status,
      List<String> errors) {

    public Operation {
      errors = List.copyOf(errors);
    }
  }
}
