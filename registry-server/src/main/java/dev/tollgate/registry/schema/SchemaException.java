package dev.tollgate.registry.schema;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;
import java.util.List;
import java.util.Map;

/** A schema refused, unknown, or whose activation would break active operations. */
final class SchemaException extends TollgateException {

  private SchemaException(ErrorCode code, String message, Map<String, Object> extensions) {
    super(code, message, extensions);
  }

  /**
   * @param errors graphql-java's errors, or the price list's, each naming its coordinate
   */
  static SchemaException invalid(List<String> errors) {
    String shown = errors.size() <= 3 ? String.join("; ", errors) : errors.get(0) + "; ...";
    return new SchemaException(
        ErrorCode.INVALID_SCHEMA,
        "the schema is invalid (" + errors.size() + " error(s)): " + shown,
        Map.of("errors", List.copyOf(errors)));
  }

  static SchemaException notFound(String fingerprint) {
    return new SchemaException(
        ErrorCode.SCHEMA_NOT_FOUND,
        "no schema with fingerprint " + fingerprint,
        Map.of("fingerprint", fingerprint));
  }

  static SchemaException breaks(String fingerprint, List<Map<String, Object>> operations) {
    return new SchemaException(
        ErrorCode.SCHEMA_BREAKS_OPERATIONS,
        operations.size()
            + " active operation(s) do not validate against schema "
            + fingerprint
            + "; retire their versions first, or activate with ?force=true",
        Map.of("fingerprint", fingerprint, "operations", List.copyOf(operations)));
  }
}
