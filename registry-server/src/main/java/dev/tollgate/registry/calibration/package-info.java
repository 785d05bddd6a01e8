/**
 * Measured cost: the actual cost of every answer ({@link
 * dev.tollgate.registry.calibration.CostMeter}, on the hot path, in memory), refunds, the
 * calibration report of the price list (observed list sizes against {@code @listSize}, estimated
 * against actual per registered operation) and usage per document, aggregated in small mergeable
 * counters and flushed to the registry's store every few seconds ({@link
 * dev.tollgate.registry.calibration.Calibration}), so that several gateways add up and a restart
 * keeps them.
 */
@NullMarked
package dev.tollgate.registry.calibration;

import org.jspecify.annotations.NullMarked;
