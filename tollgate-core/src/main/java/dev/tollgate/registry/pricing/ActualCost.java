package dev.tollgate.registry.pricing;

import java.util.List;

/**
 * What an answer actually cost under the model: its cost, and the sizes its priced lists returned.
 */
public record ActualCost(long cost, List<ListObservation> lists) {
  public ActualCost {
    lists = List.copyOf(lists);
  }
}
