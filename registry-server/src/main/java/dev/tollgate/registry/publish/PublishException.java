package dev.tollgate.registry.publish;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.document.DocumentIds;
import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A manifest or a name refused before anything is stored; the code says which check failed. */
final class PublishException extends TollgateException {

  private PublishException(ErrorCode code, String message, Map<String, Object> extensions) {
    super(code, message, extensions);
  }

  static PublishException malformedJson(String detail) {
    return new PublishException(
        ErrorCode.MALFORMED_JSON, "manifest is not valid JSON: " + detail, Map.of());
  }

  static PublishException malformedManifest(String message) {
    return new PublishException(ErrorCode.MALFORMED_MANIFEST, message, Map.of());
  }

  static PublishException unsupportedFormat(String format) {
    return new PublishException(
        ErrorCode.UNSUPPORTED_MANIFEST_FORMAT,
        "unknown manifest format: "
            + format
            + " (expected "
            + ManifestReader.APOLLO_FORMAT
            + " or an {id: body} map)",
        Map.of("format", format));
  }

  static PublishException unsupportedVersion(String version) {
    return new PublishException(
        ErrorCode.UNSUPPORTED_MANIFEST_VERSION,
        "unsupported manifest version: " + version + " (expected 1)",
        Map.of("version", version));
  }

  static PublishException emptyManifest() {
    return new PublishException(ErrorCode.EMPTY_MANIFEST, "manifest has no operations", Map.of());
  }

  /**
   * @param computed each id that is not its body's hash, with the body's hash as the registry
   *     computed it (in {@code extensions.computed}; {@code extensions.ids} lists the ids)
   */
  static PublishException idMismatch(Map<String, String> computed) {
    List<String> shown = new ArrayList<>();
    for (Map.Entry<String, String> entry : computed.entrySet()) {
      if (shown.size() == 5) {
        shown.add("...");
        break;
      }
      shown.add(entry.getKey() + " (its body's SHA-256 is " + entry.getValue() + ")");
    }
    return new PublishException(
        ErrorCode.DOCUMENT_ID_MISMATCH,
        computed.size() + " id(s) are not the SHA-256 of their body: " + String.join(", ", shown),
        Map.of(
            "ids",
            List.copyOf(computed.keySet()),
            "computed",
            Collections.unmodifiableMap(new LinkedHashMap<>(computed))));
  }

  static PublishException invalidIds(List<String> ids) {
    List<String> shown = new ArrayList<>();
    for (String id : ids.subList(0, Math.min(5, ids.size()))) {
      shown.add(DocumentIds.printable(id));
    }
    return new PublishException(
        ErrorCode.INVALID_DOCUMENT_ID,
        ids.size()
            + " id(s) are not 1 to "
            + DocumentIds.MAX_LENGTH
            + " printable ASCII characters: "
            + String.join(", ", shown)
            + (ids.size() > 5 ? ", ..." : ""),
        Map.of("ids", List.copyOf(shown)));
  }

  /** One custom id given to two different bodies of the manifest. */
  static PublishException aliasConflict(String alias, DocumentHash first, DocumentHash second) {
    Map<String, Object> extensions = new LinkedHashMap<>();
    extensions.put("alias", alias);
    extensions.put("ids", List.of(first.hex(), second.hex()));
    return new PublishException(
        ErrorCode.ALIAS_CONFLICT,
        "custom document id "
            + alias
            + " names two documents of the manifest: "
            + first
            + " and "
            + second,
        extensions);
  }

  static PublishException invalidOperations(List<Map<String, Object>> operations) {
    return new PublishException(
        ErrorCode.INVALID_OPERATIONS,
        operations.size()
            + " document(s) of the manifest do not parse or validate against the schema",
        Map.of("operations", List.copyOf(operations)));
  }

  /**
   * @param what {@code app} or {@code version}
   */
  static PublishException invalidName(String what, String value) {
    return new PublishException(
        nameCode(what),
        what + " name must match " + VersionRef.NAME_PATTERN + ": " + abbreviate(value),
        Map.of(what, abbreviate(value)));
  }

  /**
   * @param what {@code app} or {@code version}
   */
  static PublishException onlyDots(String what, String value) {
    return new PublishException(
        nameCode(what),
        what + " name must not be only dots: " + abbreviate(value),
        Map.of(what, abbreviate(value)));
  }

  private static ErrorCode nameCode(String what) {
    return switch (what) {
      case "app" -> ErrorCode.INVALID_APP_NAME;
      case "version" -> ErrorCode.INVALID_VERSION_NAME;
      default -> throw new IllegalArgumentException("not a name of a version reference: " + what);
    };
  }

  private static String abbreviate(String value) {
    return value.length() <= 120 ? value : value.substring(0, 117) + "...";
  }
}
