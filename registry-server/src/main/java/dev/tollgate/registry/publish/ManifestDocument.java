package dev.tollgate.registry.publish;

import dev.tollgate.registry.document.DocumentHash;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A distinct document of a manifest, identified by the SHA-256 of its body, with the first entry's
 * client id and name to name it in errors.
 */
record ManifestDocument(
    DocumentHash hash, String body, @Nullable String clientId, @Nullable String name) {

  /**
   * The manifest's distinct documents in manifest order. An id that looks like a hash (64 hex,
   * optionally {@code sha256:}) must be the hash of its body; any other id is the client's own
   * label (a Relay or codegen key) and the document's id is the hash of its body.
   *
   * @throws PublishException {@code DOCUMENT_ID_MISMATCH} naming every id that is not its body's
   *     hash, with the hash computed for the body
   */
  static List<ManifestDocument> distinct(List<ManifestEntry> entries) {
    Map<DocumentHash, ManifestDocument> documents = new LinkedHashMap<>();
    Map<String, String> mismatched = new LinkedHashMap<>();
    for (ManifestEntry entry : entries) {
      DocumentHash hash = DocumentHash.of(entry.body());
      if (claimsOtherHash(entry.clientId(), hash)) {
        mismatched.put(entry.clientId(), hash.hex());
        continue;
      }
      documents.putIfAbsent(
          hash, new ManifestDocument(hash, entry.body(), entry.clientId(), entry.name()));
    }
    if (!mismatched.isEmpty()) {
      throw PublishException.idMismatch(mismatched);
    }
    return List.copyOf(documents.values());
  }

  private static boolean claimsOtherHash(@Nullable String clientId, DocumentHash hash) {
    return clientId != null
        && DocumentHash.looksLikeHash(clientId)
        && !DocumentHash.parse(clientId).equals(hash);
  }
}
