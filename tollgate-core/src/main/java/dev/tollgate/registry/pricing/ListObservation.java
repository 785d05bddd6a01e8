package dev.tollgate.registry.pricing;

import org.jspecify.annotations.Nullable;

/**
 * One priced list in one answer: its schema coordinate ({@code Query.cargos}), how many items it
 * returned, and the size its slicing argument asked for ({@code null} when none was given).
 */
public record ListObservation(String coordinate, long size, @Nullable Long requested) {}
