package dev.tollgate.registry.admission;

/**
 * The gateway-wide settings that admission reads. The server's config holds them in its {@code
 * gateway} section and validates them there, naming the key.
 *
 * @param batching whether a JSON array of operations is decided at all (else it is refused whole,
 *     {@code BATCHING_NOT_SUPPORTED})
 * @param maxBatchOperations the longest batch decided
 * @param openMaxTextBytes the longest text (UTF-8 bytes) an open-mode caller may send
 */
public record AdmissionSettings(boolean batching, int maxBatchOperations, int openMaxTextBytes) {}
