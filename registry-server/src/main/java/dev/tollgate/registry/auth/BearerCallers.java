package dev.tollgate.registry.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import com.nimbusds.jwt.JWTClaimsSet;
import dev.tollgate.registry.auth.TokenVerifier.TokenRefusedException;
import dev.tollgate.registry.keys.KeySecrets;
import dev.tollgate.registry.policy.KeyPolicy;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The gateway's entry for bearer tokens: who a token speaks for. A token longer than {@code
 * maxTokenBytes} is refused before it is parsed; a token is refused while the JWK set is past its
 * max age ({@code onJwksFailure}); else a token verified before is found by the SHA-256 of its text
 * in a bounded cache, kept until its {@code exp} (plus the clock skew), so a repeated token costs a
 * digest and a probe, no signature check. A new one is verified ({@link TokenVerifier}), its {@code
 * policyClaim} mapped to a policy through {@code policies}, and its {@code subjectClaim} names the
 * bucket charged: one per subject of a policy ({@link SubjectLedger}). Refusals are not cached.
 */
public final class BearerCallers {

  /** The scheme a bearer token's {@code Authorization} value starts with, in any case. */
  private static final String SCHEME = "Bearer ";

  private static final ThreadLocal<MessageDigest> SHA256 =
      ThreadLocal.withInitial(BearerCallers::sha256);

  /**
   * The last token this thread verified, so the guard's look-up and the route's cost one digest.
   */
  private static final ThreadLocal<Last> LAST = ThreadLocal.withInitial(Last::new);

  private final JwtSettings settings;
  private final Map<String, KeyPolicy> policies;
  private final JwksSource keys;
  private final TokenVerifier verifier;
  private final InstantSource clock;
  private final Cache<ByteBuffer, BearerIdentity.Verified> verified;

  /**
   * @param policies the policies a claim may name, by name
   * @param ticker the verified tokens' cache's clock, the same time as {@code clock}
   */
  public BearerCallers(
      JwtSettings settings,
      Map<String, KeyPolicy> policies,
      JwksSource keys,
      InstantSource clock,
      Ticker ticker) {
    this.settings = settings;
    this.policies = Map.copyOf(policies);
    this.keys = keys;
    this.verifier = new TokenVerifier(settings, keys, clock);
    this.clock = clock;
    this.verified =
        Caffeine.newBuilder()
            .maximumSize(settings.tokenCacheSize())
            .expireAfter(Expiry.creating(this::untilInvalid))
            .ticker(ticker)
            .recordStats()
            .build();
  }

  /** Whether {@code authorization} is {@code Bearer <token>} (the scheme in any case). */
  public static boolean isBearer(@Nullable String authorization) {
    return authorization != null
        && authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length());
  }

  /**
   * The token of an {@code Authorization} value that {@link #isBearer}, without the spaces around
   * it; null when the value is not a bearer token or names none.
   */
  public static @Nullable String token(@Nullable String authorization) {
    if (authorization == null || !isBearer(authorization)) {
      return null;
    }
    String token = authorization.substring(SCHEME.length()).trim();
    return token.isEmpty() ? null : token;
  }

  /** The verified tokens, for their statistics. */
  public Cache<?, ?> cache() {
    return verified;
  }

  /**
   * Who the token of {@code authorization} speaks for: an {@code Authorization} header's value that
   * {@link #isBearer} (the token between optional spaces). A header this thread saw last is
   * compared where it is: no substring, no digest.
   */
  public BearerIdentity identify(String authorization) {
    int start = SCHEME.length();
    int end = authorization.length();
    while (start < end && authorization.charAt(start) <= ' ') {
      start++;
    }
    while (end > start && authorization.charAt(end - 1) <= ' ') {
      end--;
    }
    if (end - start > settings.maxTokenBytes()) {
      return new BearerIdentity.Refused(
          "bearer token is larger than auth.jwt.maxTokenBytes (" + settings.maxTokenBytes() + ")",
          0);
    }
    if (keys.current() == null) {
      return keysUnavailable();
    }
    long now = clock.millis();
    Last last = LAST.get();
    if (last.identity != null
        && now < last.identity.validUntilMillis()
        && KeySecrets.same(last.authorization, authorization)) {
      return last.identity;
    }
    String token = authorization.substring(start, end);
    ByteBuffer digest = digest(token);
    BearerIdentity.Verified known = verified.getIfPresent(digest);
    if (known == null || now >= known.validUntilMillis()) {
      BearerIdentity identity = verify(token);
      if (!(identity instanceof BearerIdentity.Verified fresh)) {
        return identity;
      }
      known = fresh;
      verified.put(digest, known);
    }
    last.authorization = authorization;
    last.identity = known;
    return known;
  }

  private BearerIdentity verify(String token) {
    JWTClaimsSet claims;
    try {
      claims = verifier.verify(token);
    } catch (TokenRefusedException e) {
      return e.retryAfterSeconds() > 0
          ? keysUnavailable()
          : new BearerIdentity.Refused(String.valueOf(e.getMessage()), 0);
    }
    Set<String> named = policiesNamed(claims.getClaim(settings.policyClaim()));
    if (named.size() != 1) {
      return new BearerIdentity.Refused(
          "bearer token's "
              + settings.policyClaim()
              + " claim maps to "
              + (named.isEmpty() ? "no policy" : "more than one policy")
              + " (auth.jwt.policies)",
          0);
    }
    String subject = subject(claims.getClaim(settings.subjectClaim()));
    if (subject == null) {
      return new BearerIdentity.Refused(
          "bearer token has no " + settings.subjectClaim() + " claim (auth.jwt.subjectClaim)", 0);
    }
    KeyPolicy policy = java.util.Objects.requireNonNull(policies.get(named.iterator().next()));
    long validUntil = claims.getExpirationTime().getTime() + settings.clockSkewSeconds() * 1000L;
    return new BearerIdentity.Verified(policy, SubjectLedger.bucketOf(policy, subject), validUntil);
  }

  private BearerIdentity keysUnavailable() {
    String message =
        "the keys that verify bearer tokens (auth.jwt.jwksUrl) could not be fetched for longer"
            + " than auth.jwt.jwksMaxAgeSeconds";
    return settings.onJwksFailure() == JwtSettings.OnJwksFailure.UNAVAILABLE
        ? new BearerIdentity.Refused(message, keys.retryAfterSeconds())
        : new BearerIdentity.Refused(message, 0);
  }

  /**
   * The policies the claim's value names: a string as a whole or, as OAuth's {@code scope}, each of
   * its space-separated words; a list, each of its strings.
   */
  private Set<String> policiesNamed(@Nullable Object claim) {
    List<String> values = new ArrayList<>();
    if (claim instanceof String text) {
      values.add(text);
      values.addAll(List.of(text.trim().split(" +")));
    } else if (claim instanceof List<?> list) {
      for (Object element : list) {
        if (element instanceof String text) {
          values.add(text);
        }
      }
    }
    Set<String> named = new LinkedHashSet<>();
    for (String value : values) {
      String policy = settings.policies().get(value);
      if (policy != null && policies.containsKey(policy)) {
        named.add(policy);
      }
    }
    return named;
  }

  private static @Nullable String subject(@Nullable Object claim) {
    if (claim instanceof String text && !text.isEmpty()) {
      return text;
    }
    return claim instanceof Number number ? number.toString() : null;
  }

  private Duration untilInvalid(ByteBuffer digest, BearerIdentity.Verified identity) {
    return Duration.ofMillis(Math.max(0, identity.validUntilMillis() - clock.millis()));
  }

  private static ByteBuffer digest(String token) {
    return ByteBuffer.wrap(SHA256.get().digest(token.getBytes(StandardCharsets.UTF_8)));
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is in every JVM", e);
    }
  }

  private static final class Last {
    @Nullable String authorization;
    BearerIdentity.@Nullable Verified identity;
  }
}
