package dev.tollgate.registry.admission;

import dev.tollgate.registry.limit.Limit;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.Limits;

/**
 * What a breached per-operation limit does, derived from a caller's {@link KeyPolicy.Enforcement}:
 * the one step of admission that reads it.
 *
 * <p>Only the limits the table marks ({@link Limit#measureRelaxes()}: depth, aliases, cost) are
 * relaxed. The token limit still refuses (a document over it is not parsed, so there is nothing to
 * price or run), and so do trusted-mode membership, introspection, mutations by GET and bad input.
 * The budget is enforced too: a reported operation is charged its full price and refused with
 * {@code RATE_LIMITED} when the bucket is short, because the budget is the caller's quota, set on
 * purpose, while measure mode exists to learn what per-operation limits to set; a measure-mode key
 * that ignored its budget would put no bound at all on the upstream.
 */
enum LimitPolicy {
  /** {@code enforce}: a breach refuses the operation. */
  REFUSE,
  /**
   * {@code measure}: the operation runs, and the breach is reported as the code it would have
   * refused with.
   */
  REPORT;

  static LimitPolicy of(KeyPolicy policy) {
    return switch (policy.enforcement()) {
      case ENFORCE -> REFUSE;
      case MEASURE -> REPORT;
    };
  }

  /**
   * The limits that open-mode analysis refuses by before validation: all of them, or for {@code
   * REPORT} those measure mode does not relax (the tokens and the fragment bounds guard the
   * validator, so they refuse in both modes); a relaxed one checked before validation (aliases) is
   * lifted there, so that it is counted on the priced operation and reported like the others.
   */
  Limits beforeValidation(Limits limits) {
    if (this == REFUSE) {
      return limits;
    }
    Limits relaxed = limits;
    for (Limit limit : Limit.all()) {
      if (limit.measureRelaxes() && limit.phase().compareTo(Limit.Phase.PRICE) < 0) {
        relaxed = relaxed.with(limit, limit.maximum());
      }
    }
    return relaxed;
  }

  /**
   * Whether the first breached limit of an operation refuses it ({@code REFUSE}), or is only
   * reported as the code enforcing would have refused with ({@code REPORT}).
   */
  boolean refusesBreaches() {
    return this == REFUSE;
  }
}
