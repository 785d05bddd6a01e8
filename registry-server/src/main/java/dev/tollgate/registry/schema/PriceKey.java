package dev.tollgate.registry.schema;

import dev.tollgate.registry.document.DocumentHash;

/**
 * Where a price under a schema is stored: an operation of a document, whatever versions hold it.
 */
record PriceKey(DocumentHash documentId, int ordinal) {}
