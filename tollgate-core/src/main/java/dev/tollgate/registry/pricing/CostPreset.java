package dev.tollgate.registry.pricing;

/** The two cost models of docs/cost-model.md. */
public enum CostPreset {
  BOOK,
  APOLLO
}
