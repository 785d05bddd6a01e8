package dev.tollgate.registry.publish;

import dev.tollgate.registry.ErrorKind;
import dev.tollgate.registry.TollgateException;
import java.util.List;
import java.util.Map;

/** A manifest or a name refused before anything is stored; the code says which check failed. */
public final class PublishException extends TollgateException {

  private final Map<String, Object> extensions;

  private PublishException(String code, ErrorKind kind, String message, Map<String, Object> extensions) {
    super(code, kind, message);
    this.extensions = Map.copyOf(extensions);
  }

  static PublishException malformedJson(String detail) {
    return new PublishException("MALFORMED_JSON", ErrorKind.BAD_REQUEST, "manifest is not valid JSON: " + detail,
        Map.of());
  }

  static PublishException malformedManifest(String message) {
    return new PublishException("MALFORMED_MANIFEST", ErrorKind.BAD_REQUEST, message, Map.of());
  }

  static PublishException unsupportedFormat(String format) {
    return new PublishException("UNSUPPORTED_MANIFEST_FORMAT", ErrorKind.BAD_REQUEST,
        "unknown manifest format: " + format + " (expected " + ManifestReader.APOLLO_FORMAT
            + " or an {id: body} map)", Map.of("format", format));
  }

  static PublishException unsupportedVersion(String version) {
    return new PublishException("UNSUPPORTED_MANIFEST_VERSION", ErrorKind.BAD_REQUEST,
        "unsupported manifest version: " + version + " (expected 1)", Map.of("version", version));
  }

  static PublishException emptyManifest() {
    return new PublishException("EMPTY_MANIFEST", ErrorKind.BAD_REQUEST, "manifest has no operations", Map.of());
  }

  static PublishException idMismatch(List<String> ids) {
    String shown = ids.size() <= 5 ? String.join(", ", ids) : String.join(", ", ids.subList(0, 5)) + ", ...";
    return new PublishException("DOCUMENT_ID_MISMATCH", ErrorKind.BAD_REQUEST,
        ids.size() + " id(s) are not the SHA-256 of their body: " + shown, Map.of("ids", List.copyOf(ids)));
  }

  static PublishException invalidOperations(List<Map<String, Object>> operations) {
    return new PublishException("INVALID_OPERATIONS", ErrorKind.UNPROCESSABLE,
        operations.size() + " document(s) of the manifest do not parse or validate against the schema",
        Map.of("operations", List.copyOf(operations)));
  }

  static PublishException invalidName(String what, String value) {
    return new PublishException("INVALID_" + what.toUpperCase(java.util.Locale.ROOT) + "_NAME",
        ErrorKind.BAD_REQUEST, what + " name must match " + VersionRef.NAME_PATTERN + ": " + abbreviate(value),
        Map.of(what, abbreviate(value)));
  }

  @Override
  public Map<String, Object> extensions() {
    return extensions;
  }

  private static String abbreviate(String value) {
    return value.length() <= 120 ? value : value.substring(0, 117) + "...";
  }
}
