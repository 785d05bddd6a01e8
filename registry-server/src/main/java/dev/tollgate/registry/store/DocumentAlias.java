package dev.tollgate.registry.store;

import dev.tollgate.registry.document.DocumentHash;

/**
 * A custom document id of an active version: {@code alias} names {@code document} in {@code app}.
 */
public record DocumentAlias(String app, String alias, DocumentHash document) {}
