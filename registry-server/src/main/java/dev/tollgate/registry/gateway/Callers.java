package dev.tollgate.registry.gateway;

import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.auth.BearerCallers;
import dev.tollgate.registry.auth.BearerIdentity;
import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.keys.KeyRing;
import dev.tollgate.registry.policy.KeyPolicy;
import java.time.InstantSource;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Who may call the gateway: the policy of each API key of the config file, then of each key issued
 * through the admin API ({@link KeyRing}: by the SHA-256 of the presented key, in memory), the
 * subject of a verified bearer token when {@code auth.jwt} is configured ({@link BearerCallers}),
 * and the anonymous policy of a caller with none. An unknown, revoked or expired key finds nobody.
 *
 * <p>With {@code auth.jwt}, {@code Authorization: Bearer} is a credential: a request sending it and
 * {@code X-API-Key} is refused (400), since which one speaks for the caller would be a guess. Other
 * {@code Authorization} schemes, and every {@code Authorization} without {@code auth.jwt}, are only
 * forwarded.
 *
 * @param keys the config file's keys, by secret
 * @param stored the keys issued at runtime, reloaded when the store changes
 * @param bearer the bearer tokens' verifier, or {@code null} without {@code auth.jwt}
 */
public record Callers(
    Map<String, KeyPolicy> keys,
    KeyPolicy anonymous,
    KeyRing stored,
    @Nullable BearerCallers bearer) {

  public Callers {
    keys = Map.copyOf(keys);
  }

  /** Without bearer tokens. */
  public Callers(Map<String, KeyPolicy> keys, KeyPolicy anonymous, KeyRing stored) {
    this(keys, anonymous, stored, null);
  }

  /** The config's keys alone, without any issued at runtime. */
  public Callers(Map<String, KeyPolicy> keys, KeyPolicy anonymous) {
    this(keys, anonymous, new KeyRing(InstantSource.system()));
  }

  /**
   * Who sends {@code apiKey} and {@code authorization} ({@code null}: the header is absent): a
   * caller, or why nobody.
   */
  public Identity identify(@Nullable String apiKey, @Nullable String authorization) {
    boolean bearerToken = bearer != null && BearerCallers.isBearer(authorization);
    if (bearerToken && apiKey != null) {
      return new Unidentified(
          new Refusal(
              ErrorCode.BAD_REQUEST, "send X-API-Key or an Authorization: Bearer token, not both"),
          400,
          0);
    }
    if (bearerToken) {
      return bearer(java.util.Objects.requireNonNull(authorization));
    }
    if (apiKey == null) {
      return new Caller(anonymous, true);
    }
    KeyPolicy policy = keys.get(apiKey);
    if (policy == null) {
      policy = stored.find(apiKey);
    }
    return policy == null
        ? new Unidentified(Refusal.UNKNOWN_KEY, 401, 0)
        : new Caller(policy, false);
  }

  private Identity bearer(String authorization) {
    BearerIdentity identity = java.util.Objects.requireNonNull(bearer).identify(authorization);
    if (identity instanceof BearerIdentity.Verified verified) {
      return new Caller(verified.policy(), false, verified.bucket());
    }
    BearerIdentity.Refused refused = (BearerIdentity.Refused) identity;
    if (refused.retryAfterSeconds() > 0) {
      return new Unidentified(
          new Refusal(ErrorCode.JWKS_UNAVAILABLE, refused.message()),
          503,
          refused.retryAfterSeconds());
    }
    return new Unidentified(new Refusal(ErrorCode.UNAUTHENTICATED, refused.message()), 401, 0);
  }

  /** A caller, or why there is none. */
  public sealed interface Identity {}

  /**
   * @param anonymous whether the caller sent no credential (so an answer without keyed headers may
   *     be cached publicly)
   * @param bucket the policy as admission charges it: the policy itself, or for a token's subject
   *     the policy named by the subject's bucket ({@code SubjectLedger})
   */
  public record Caller(KeyPolicy policy, boolean anonymous, KeyPolicy bucket) implements Identity {
    Caller(KeyPolicy policy, boolean anonymous) {
      this(policy, anonymous, policy);
    }
  }

  /**
   * @param refusal the answer's error: {@code UNAUTHENTICATED}, {@code BAD_REQUEST} or {@code
   *     JWKS_UNAVAILABLE}
   * @param status 401, 400 or 503
   * @param retryAfterSeconds the {@code Retry-After} of a 503, else 0
   */
  public record Unidentified(Refusal refusal, int status, long retryAfterSeconds)
      implements Identity {}
}
