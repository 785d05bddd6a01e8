package dev.tollgate.registry.publish;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.document.DocumentIds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The custom document ids of a manifest: every id that is not a SHA-256 (a Relay md5, an Apollo
 * {@code createOperationId}, a codegen hash) becomes an alias of its body's document within the
 * app. A hash-like id is never an alias ({@link ManifestDocument} checks it against its body).
 */
final class ManifestAliases {

  private ManifestAliases() {}

  /**
   * The aliases of {@code entries}, sorted, each naming the SHA-256 of its body.
   *
   * @throws PublishException {@code INVALID_DOCUMENT_ID} naming every id that is not 1 to 200
   *     printable ASCII characters; {@code ALIAS_CONFLICT} when one alias is given to two bodies
   */
  static Map<String, DocumentHash> of(List<ManifestEntry> entries) {
    requireValidIds(entries);
    Map<String, DocumentHash> aliases = new TreeMap<>();
    for (ManifestEntry entry : entries) {
      String id = entry.clientId();
      if (id == null || DocumentHash.looksLikeHash(id)) {
        continue;
      }
      DocumentHash hash = DocumentHash.of(entry.body());
      DocumentHash earlier = aliases.putIfAbsent(id, hash);
      if (earlier != null && !earlier.equals(hash)) {
        throw PublishException.aliasConflict(id, earlier, hash);
      }
    }
    return aliases;
  }

  private static void requireValidIds(List<ManifestEntry> entries) {
    List<String> invalid = new ArrayList<>();
    for (ManifestEntry entry : entries) {
      @Nullable String id = entry.clientId();
      if (id != null && !DocumentIds.isValid(id)) {
        invalid.add(id);
      }
    }
    if (!invalid.isEmpty()) {
      throw PublishException.invalidIds(invalid);
    }
  }
}
