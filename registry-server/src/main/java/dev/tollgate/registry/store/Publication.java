package dev.tollgate.registry.store;

import dev.tollgate.registry.document.DocumentHash;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A priced manifest to store whole under {@code (app, version)}.
 *
 * @param manifestFingerprint what makes two publications of the same version the same manifest
 * @param publishedBy the publisher's token name
 * @param documents distinct documents, at least one
 * @param aliases the manifest's custom document ids, each naming one of {@code documents}, sorted
 * @param replaceable whether a different manifest may replace the one stored under this version (a
 *     SNAPSHOT version); the replaced one is kept in {@code version_history}
 */
public record Publication(
    String app,
    String version,
    String manifestFingerprint,
    String publishedBy,
    List<NewDocument> documents,
    Map<String, DocumentHash> aliases,
    boolean replaceable) {

  /** A release publication without custom document ids: its version is immutable. */
  public Publication(
      String app,
      String version,
      String manifestFingerprint,
      String publishedBy,
      List<NewDocument> documents) {
    this(app, version, manifestFingerprint, publishedBy, documents, Map.of(), false);
  }

  /** A release publication with custom document ids. */
  public Publication(
      String app,
      String version,
      String manifestFingerprint,
      String publishedBy,
      List<NewDocument> documents,
      Map<String, DocumentHash> aliases) {
    this(app, version, manifestFingerprint, publishedBy, documents, aliases, false);
  }

  /** A publication without custom document ids. */
  public Publication(
      String app,
      String version,
      String manifestFingerprint,
      String publishedBy,
      List<NewDocument> documents,
      boolean replaceable) {
    this(app, version, manifestFingerprint, publishedBy, documents, Map.of(), replaceable);
  }

  public Publication {
    documents = List.copyOf(documents);
    aliases = Collections.unmodifiableMap(new TreeMap<>(aliases));
    if (documents.isEmpty()) {
      throw new IllegalArgumentException("a publication needs at least one document");
    }
    Set<Object> seen = new HashSet<>();
    for (NewDocument document : documents) {
      if (!seen.add(document.hash())) {
        throw new IllegalArgumentException("document listed twice: " + document.hash());
      }
    }
    for (Map.Entry<String, DocumentHash> alias : aliases.entrySet()) {
      if (!seen.contains(alias.getValue())) {
        throw new IllegalArgumentException(
            "alias " + alias.getKey() + " names a document not in the publication");
      }
    }
  }
}
