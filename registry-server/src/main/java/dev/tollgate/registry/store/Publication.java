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
 */
public record Publication(
    String app,
    String version,
    String manifestFingerprint,
    String publishedBy,
    List<NewDocument> documents) {

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
