package dev.tollgate.registry.store;

/**
 * A version row with its surrogate id (for {@code version_documents}), mapped by {@link
 * StoreTypes}: the columns of {@link AppVersion}, and {@code id}.
 */
record VersionRow(long id, AppVersion version) {}
