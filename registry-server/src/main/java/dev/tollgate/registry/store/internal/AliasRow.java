package dev.tollgate.registry.store.internal;

import dev.tollgate.registry.document.DocumentHash;

/**
 * One custom document id of an app's version: {@code alias} names {@code documentId} in {@code
 * app}. Public only because Jdbi reflects on it.
 */
public record AliasRow(String alias, String app, DocumentHash documentId) {}
