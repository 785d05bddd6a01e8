package dev.tollgate.registry.admission;

import dev.tollgate.registry.policy.KeyPolicy;

/**
 * What happens to document text sent without a registered id (Apollo Router's {@code
 * freeform_graphql_behavior}), derived from a caller's policy.
 */
enum UnknownOperationPolicy {
  /** Open mode: any document runs after the full analysis. */
  ALLOW_ALL,
  /** Trusted mode: text runs only when its hash is registered for the caller's apps. */
  ALLOW_IF_IN_SAFELIST,
  /** Trusted mode with {@code requireId}: text never runs; only ids do. */
  DENY_ALL;

  static UnknownOperationPolicy of(KeyPolicy policy) {
    if (policy.mode() == KeyPolicy.Mode.OPEN) {
      return ALLOW_ALL;
    }
    return policy.requireId() ? DENY_ALL : ALLOW_IF_IN_SAFELIST;
  }
}
