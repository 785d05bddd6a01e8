package dev.tollgate.registry.publish;

import dev.tollgate.registry.document.DocumentHash;
import java.util.ArrayList;
import java.util.List;

/**
 * What makes two manifests the same: the set of their documents. Order, duplicates, client ids and
 * the manifest's format do not count, so the same operations written as an Apollo manifest or as a
 * map are the same manifest.
 */
final class ManifestFingerprint {

  private ManifestFingerprint() {}

  static String of(List<ManifestDocument> documents) {
    List<String> ids = new ArrayList<>(documents.size());
    documents.forEach(document -> ids.add(document.hash().hex()));
    ids.sort(null);
    return DocumentHash.of(String.join("\n", ids)).hex();
  }
}
