package dev.tollgate.registry.pricing;

/** Whether a fragment is priced at each of its spreads or only at the first live one. */
public enum FragmentSpreads {
  EACH,
  FIRST
}
