package dev.tollgate.registry.store;

import dev.tollgate.registry.document.DocumentHash;

/** The text of a document held by an active version: what a new schema reprices. */
public record ActiveDocument(DocumentHash id, String body) {}
