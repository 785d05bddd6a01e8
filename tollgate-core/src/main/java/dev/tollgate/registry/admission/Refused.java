package dev.tollgate.registry.admission;

import org.jspecify.annotations.Nullable;

/**
 * A refusal decided inside admission, with the estimated cost when the operation was priced before
 * it was refused.
 */
record Refused(Refusal refusal, @Nullable Long cost) implements OperationOutcome, OpenVerdict {

  static Refused of(Refusal refusal) {
    return new Refused(refusal, null);
  }
}
