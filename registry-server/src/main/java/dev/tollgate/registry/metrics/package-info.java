/**
 * The server's metrics: the gateway's own families written by hand, and Micrometer's meters, in
 * Prometheus text or OpenMetrics.
 */
@NullMarked
package dev.tollgate.registry.metrics;

import org.jspecify.annotations.NullMarked;
