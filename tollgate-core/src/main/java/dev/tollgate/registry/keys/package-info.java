/**
 * API keys issued at runtime, as every way in checks them: their secrets' form and hash ({@link
 * dev.tollgate.registry.keys.KeySecrets}) and the in-memory table a presented key is looked up in
 * ({@link dev.tollgate.registry.keys.KeyRing}), loaded from the registry's {@link
 * dev.tollgate.registry.catalog.IssuedKey}s: by the gateway from its store, by an in-process
 * instance from the registry's snapshot. (registry-server adds {@code KeySync} to this package.)
 */
@NullMarked
package dev.tollgate.registry.keys;

import org.jspecify.annotations.NullMarked;
