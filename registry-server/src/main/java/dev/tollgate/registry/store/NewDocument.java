package dev.tollgate.registry.store;

import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import java.util.List;

/** A document to register, with its priced operations; the hash must be the hash of the body. */
public record NewDocument(DocumentHash hash, String body, List<StoredOperation> operations) {
  public NewDocument {
    operations = List.copyOf(operations);
    if (!hash.matches(body)) {
      throw new IllegalArgumentException("document id is not the SHA-256 of its body: " + hash);
    }
    if (operations.isEmpty()) {
      throw new IllegalArgumentException("document has no operations: " + hash);
    }
  }
}
