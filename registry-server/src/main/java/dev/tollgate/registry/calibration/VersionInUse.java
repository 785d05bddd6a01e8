package dev.tollgate.registry.calibration;

import java.time.Instant;

/**
 * Why a version should not be retired yet: it served {@code requests} within the last {@code days}
 * days (counted by the hour), the latest at {@code lastSeen}.
 */
public record VersionInUse(long requests, Instant lastSeen, int days) {}
