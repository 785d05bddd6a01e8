package dev.tollgate.registry.demo;

import java.time.Instant;

/** One voyage of an itinerary, from load to unload. */
record Leg(
    String voyageNumber,
    Location loadLocation,
    Location unloadLocation,
    Instant loadTime,
    Instant unloadTime) {}
