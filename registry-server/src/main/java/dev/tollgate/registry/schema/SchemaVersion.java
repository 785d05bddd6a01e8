package dev.tollgate.registry.schema;

import dev.tollgate.registry.pricing.OperationPricer;

/** A schema built and ready to price: its input, its fingerprint, and its pricer. */
public record SchemaVersion(SchemaInput input, String fingerprint, OperationPricer pricer) {}
