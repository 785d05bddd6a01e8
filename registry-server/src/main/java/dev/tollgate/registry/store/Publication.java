package dev.tollgate.registry.store;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A priced manifest to store whole under {@code (app, version)}.
 *
 * @param manifestFingerprint what makes two publications of the same version the same manifest
 * @param publishedBy the publisher's token name
 * @param documents distinct documents, at least one
 * @param replaceable whether a different manifest may replace the one stored under this version (a
 *     SNAPSHOT version); the replaced one is kept in {@code version_history}
 */
public record Publication(
    String app,
    String version,
    String manifestFingerprint,
    String publishedBy,
    List<NewDocument> documents,
    boolean replaceable) {

  /** A release publication: its version is immutable. */
  public Publication(
      String app,
      String version,
      String manifestFingerprint,
      String publishedBy,
      List<NewDocument> documents) {
    this(app, version, manifestFingerprint, publishedBy, documents, false);
  }

  public Publication {
    documents = List.copyOf(documents);
    if (documents.isEmpty()) {
      throw new IllegalArgumentException("a publication needs at least one document");
    }
    Set<Object> seen = new HashSet<>();
    for (NewDocument document : documents) {
      if (!seen.add(document.hash())) {
        throw new IllegalArgumentException("document listed twice: " + document.hash());
      }
    }
  }
}
