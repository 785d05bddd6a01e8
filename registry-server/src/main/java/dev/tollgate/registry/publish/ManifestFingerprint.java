package dev.tollgate.registry.publish;

import dev.tollgate.registry.document.DocumentHash;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What makes two manifests the same: the set of their documents, and their custom ids (aliases)
 * when they have any. Order, duplicates, SHA-256 ids and the manifest's format do not count, so the
 * same operations written as an Apollo manifest or as a map are the same manifest; a manifest
 * without custom ids has the fingerprint it had before they existed.
 */
final class ManifestFingerprint {

  private ManifestFingerprint() {}

  static String of(List<ManifestDocument> documents) {
    List<String> ids = new ArrayList<>(documents.size());
    documents.forEach(document -> ids.add(document.hash().hex()));
    ids.sort(null);
    return DocumentHash.of(String.join("\n", ids)).hex();
  }

  /**
   * @param aliases sorted by alias
   */
  static String of(List<ManifestDocument> documents, Map<String, DocumentHash> aliases) {
    if (aliases.isEmpty()) {
      return of(documents);
    }
    StringBuilder text = new StringBuilder(of(documents));
    aliases.forEach(
        (alias, hash) -> text.append('\n').append(alias).append(' ').append(hash.hex()));
    return DocumentHash.of(text.toString()).hex();
  }
}
