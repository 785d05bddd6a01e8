package dev.tollgate.registry.catalog;

import dev.tollgate.registry.document.DocumentHash;
import java.time.Instant;
import java.util.List;

/** A registered document: its exact text and each of its operations as priced at registration. */
public record StoredDocument(
    DocumentHash hash, String body, Instant created, List<StoredOperation> operations) {
  public StoredDocument {
    operations = List.copyOf(operations);
  }
}
