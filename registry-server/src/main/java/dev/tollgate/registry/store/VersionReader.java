package dev.tollgate.registry.store;

import dev.tollgate.registry.catalog.StoredDocument;
import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.store.internal.Rows.DocumentOperation;
import dev.tollgate.registry.store.internal.Rows.DocumentRow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Assembles a version's documents and operations from two queries (not one query per document). */
final class VersionReader {

  private VersionReader() {}

  static VersionContents contents(RegistryDao dao, VersionRow row) {
    Map<DocumentHash, List<StoredOperation>> operations = new HashMap<>();
    for (DocumentOperation operation : dao.operationsOfVersion(row.id())) {
      operations
          .computeIfAbsent(operation.documentId(), hash -> new ArrayList<>())
          .add(operation.operation());
    }
    List<StoredDocument> documents = new ArrayList<>();
    for (DocumentRow document : dao.documentsOf(row.id())) {
      documents.add(
          new StoredDocument(
              document.hash(),
              document.body(),
              document.created(),
              operations.getOrDefault(document.hash(), List.of())));
    }
    return new VersionContents(row.version(), documents);
  }
}
