package dev.tollgate.registry.admission;

/**
 * The outcome of one charge against a bucket.
 *
 * @param allowed whether the units were taken
 * @param charged the units taken (0 when refused)
 * @param remaining whole units left after the charge
 * @param resetInSeconds seconds until the bucket is full again
 * @param retryAfterSeconds when refused, seconds until the bucket holds the cost; else 0
 * @param limit the bucket's capacity
 */
public record BudgetCharge(
    boolean allowed, long charged, long remaining, long resetInSeconds, long retryAfterSeconds, long limit) {}
