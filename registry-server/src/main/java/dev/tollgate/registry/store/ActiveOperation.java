package dev.tollgate.registry.store;

import dev.tollgate.registry.catalog.StoredOperation;
import dev.tollgate.registry.document.DocumentHash;

/**
 * One operation of a document held by an active version, with its price under the active schema:
 * what a new schema is checked against. The document's text is read apart ({@link ActiveDocument}),
 * once per document and streamed.
 *
 * @param registeredUnder the fingerprint of the schema the operation was registered under
 */
public record ActiveOperation(
    String app,
    String version,
    DocumentHash documentId,
    int ordinal,
    String registeredUnder,
    StoredOperation operation) {}
