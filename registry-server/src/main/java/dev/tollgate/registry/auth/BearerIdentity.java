package dev.tollgate.registry.auth;

import dev.tollgate.registry.policy.KeyPolicy;

/** Who a bearer token speaks for ({@link BearerCallers#identify}): verified, or refused. */
public sealed interface BearerIdentity {

  /**
   * A verified token.
   *
   * @param policy the policy its claim maps to (for names, metrics and the response cache)
   * @param bucket the same policy named by the subject's bucket key: what admission charges
   * @param validUntilMillis when it stops being accepted: its {@code exp} plus the clock skew
   */
  record Verified(KeyPolicy policy, KeyPolicy bucket, long validUntilMillis)
      implements BearerIdentity {}

  /**
   * A refused token.
   *
   * @param message what is wrong, without the token or any claim's value
   * @param retryAfterSeconds positive when the keys could not be fetched and {@code onJwksFailure}
   *     is {@code unavailable} (a 503 with {@code Retry-After}); 0 for a 401
   */
  record Refused(String message, long retryAfterSeconds) implements BearerIdentity {}
}
