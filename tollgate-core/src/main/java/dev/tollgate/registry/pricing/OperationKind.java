package dev.tollgate.registry.pricing;

/** The operation type of a priced operation. */
public enum OperationKind {
  QUERY,
  MUTATION,
  SUBSCRIPTION
}
