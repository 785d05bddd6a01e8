package dev.tollgate.registry.pricing;

/** What a price expression evaluates to for one set of variables: the cost and the depth. */
public record Measure(long cost, int depth) {}
