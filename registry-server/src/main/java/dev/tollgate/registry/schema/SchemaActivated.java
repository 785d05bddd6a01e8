package dev.tollgate.registry.schema;

import java.util.List;
import java.util.Map;

/**
 * The answer to an activation.
 *
 * @param repriced how many operation prices the activation computed (0 for a rollback to a schema
 *     that priced every active operation already)
 * @param broken the active operations that do not validate (only with {@code force}): app, version,
 *     id, name and errors of each
 * @param changed false when the schema was already the active one
 */
public record SchemaActivated(
    String fingerprint, boolean changed, int repriced, List<Map<String, Object>> broken) {

  public SchemaActivated {
    broken = List.copyOf(broken);
  }
}
