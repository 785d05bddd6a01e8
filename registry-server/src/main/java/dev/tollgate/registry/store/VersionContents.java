package dev.tollgate.registry.store;

import dev.tollgate.registry.catalog.StoredDocument;
import java.util.List;

/** A version with its documents (ordered by id) and their priced operations. */
public record VersionContents(AppVersion version, List<StoredDocument> documents) {
  public VersionContents {
    documents = List.copyOf(documents);
  }
}
