package dev.tollgate.registry.admission;

import java.util.List;

/**
 * What admission decided for a batch (a JSON array of operations): refused as a whole, or one
 * {@link Decision} per operation, in order.
 */
public sealed interface BatchDecision {

  /**
   * The batch is refused before any operation is looked at: batching is off ({@code
   * BATCHING_NOT_SUPPORTED}), it is empty ({@code BAD_REQUEST}) or longer than {@code
   * gateway.maxBatchOperations} ({@code BATCH_TOO_LARGE}). Nothing was charged.
   */
  record Whole(Decision.Rejected rejected) implements BatchDecision {}

  /**
   * Each operation decided on its own, as a single request would be: an {@link Decision.Admitted}
   * of one operation, charged its own price (the charges made in order, so a later operation may
   * find the bucket short), or a {@link Decision.Rejected}, charged nothing.
   */
  record PerOperation(List<Decision> decisions) implements BatchDecision {
    public PerOperation {
      decisions = List.copyOf(decisions);
    }
  }
}
