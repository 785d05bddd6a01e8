package dev.tollgate.registry.pricing;

/** The two cost models of DESIGN.md section 4. */
public enum CostPreset {
  BOOK,
  APOLLO
}
