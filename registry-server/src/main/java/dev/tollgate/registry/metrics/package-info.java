/** Prometheus counters and histograms, rendered in the text exposition format. */
@NullMarked
package dev.tollgate.registry.metrics;

import org.jspecify.annotations.NullMarked;
