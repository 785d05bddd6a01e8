/**
 * Measured cost as it travels: {@link dev.tollgate.registry.measure.MeasurementBatch}, the deltas
 * of usage per document and of the calibration histograms (buckets of {@link
 * dev.tollgate.registry.measure.SizeBuckets}), counted in memory by {@link
 * dev.tollgate.registry.measure.MeasurementCounters} and sent as JSON ({@link
 * dev.tollgate.registry.measure.MeasurementJson}, the one mapping of the wire) from an in-process
 * instance to the registry's {@code POST /v1/registry/measurements}.
 */
@NullMarked
package dev.tollgate.registry.measure;

import org.jspecify.annotations.NullMarked;
