package dev.tollgate.registry.store;

import java.time.Instant;

/**
 * One switch of the active schema; the latest is the active one.
 *
 * @param forced whether it was activated although some active operations do not validate
 */
public record SchemaActivation(
    String fingerprint, String activatedBy, boolean forced, Instant at) {}
