package dev.tollgate.registry.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import com.nimbusds.jwt.util.DateUtils;
import java.text.ParseException;
import java.time.InstantSource;
import java.util.Date;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Verifies one bearer token with Nimbus JOSE + JWT: RS256 or ES256 only, signed by a key of the
 * current JWK set ({@link JwksSource}), then {@code exp} (required) and {@code nbf} within the
 * clock skew on the injected clock, {@code iss} and {@code aud} as configured. Every refusal is a
 * {@link TokenRefusedException} whose message says what is wrong and never holds the token or a
 * claim's value.
 */
final class TokenVerifier {

  static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.ES256);

  private final JwtSettings settings;
  private final JwksSource keys;
  private final InstantSource clock;
  private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();

  TokenVerifier(JwtSettings settings, JwksSource keys, InstantSource clock) {
    this.settings = settings;
    this.keys = keys;
    this.clock = clock;
    processor.setJWSKeySelector(
        new JWSVerificationKeySelector<>(
            ALGORITHMS, (selector, context) -> selector.select(currentKeys())));
    // typ may be absent, JWT, or at+jwt (RFC 9068 access tokens)
    processor.setJWSTypeVerifier(
        new DefaultJOSEObjectTypeVerifier<>(
            JOSEObjectType.JWT, new JOSEObjectType("at+jwt"), null));
    // the claims are checked below, on the injected clock, with messages of our own
    processor.setJWTClaimsSetVerifier(null);
  }

  /**
   * The claims of {@code token}, verified.
   *
   * @throws TokenRefusedException when it is refused (401), or the keys are unavailable
   */
  JWTClaimsSet verify(String token) {
    JWKSet set = keys.current();
    if (set == null) {
      throw TokenRefusedException.keysUnavailable(keys.retryAfterSeconds());
    }
    SignedJWT signed = signed(token);
    JWSAlgorithm algorithm = signed.getHeader().getAlgorithm();
    if (!ALGORITHMS.contains(algorithm)) {
      throw new TokenRefusedException(
          "bearer token algorithm is not accepted: RS256 or ES256 only");
    }
    String kid = signed.getHeader().getKeyID();
    if (kid != null && set.getKeyByKeyId(kid) == null) {
      throw new TokenRefusedException(
          "bearer token names a signing key (kid) that the JWK set does not hold");
    }
    JWTClaimsSet claims;
    try {
      claims = processor.process(signed, null);
    } catch (BadJOSEException | JOSEException e) {
      throw new TokenRefusedException("bearer token signature does not verify");
    }
    checkTimes(claims);
    checkParties(claims);
    return claims;
  }

  private static SignedJWT signed(String token) {
    JWT jwt;
    try {
      jwt = JWTParser.parse(token);
    } catch (ParseException e) {
      throw new TokenRefusedException("bearer token is not a JWT");
    }
    if (jwt instanceof SignedJWT signed) {
      return signed;
    }
    throw new TokenRefusedException(
        "bearer token is not signed (alg none, or encrypted): RS256 or ES256 only");
  }

  private void checkTimes(JWTClaimsSet claims) {
    Date now = Date.from(clock.instant());
    long skew = settings.clockSkewSeconds();
    Date expires = claims.getExpirationTime();
    if (expires == null) {
      throw new TokenRefusedException("bearer token has no expiry (exp)");
    }
    if (!DateUtils.isAfter(expires, now, skew)) {
      throw new TokenRefusedException("bearer token expired");
    }
    Date notBefore = claims.getNotBeforeTime();
    if (notBefore != null && !DateUtils.isBefore(notBefore, now, skew)) {
      throw new TokenRefusedException("bearer token is not valid yet (nbf)");
    }
  }

  private void checkParties(JWTClaimsSet claims) {
    if (!Objects.equals(claims.getIssuer(), settings.issuer())) {
      throw new TokenRefusedException(
          "bearer token issuer (iss) is not the one configured (auth.jwt.issuer)");
    }
    List<String> audience = claims.getAudience();
    if (audience == null || !audience.contains(settings.audience())) {
      throw new TokenRefusedException(
          "bearer token audience (aud) does not hold the one configured (auth.jwt.audience)");
    }
  }

  private JWKSet currentKeys() {
    JWKSet set = keys.current();
    return set == null ? new JWKSet() : set;
  }

  /**
   * What {@link #verify} refuses with: the message (no token in it) and whether keys are missing.
   */
  static final class TokenRefusedException extends RuntimeException {
    private final long retryAfterSeconds;

    TokenRefusedException(String message) {
      this(message, 0);
    }

    private TokenRefusedException(String message, long retryAfterSeconds) {
      super(message, null, false, false);
      this.retryAfterSeconds = retryAfterSeconds;
    }

    static TokenRefusedException keysUnavailable(long retryAfterSeconds) {
      return new TokenRefusedException(
          "the keys that verify bearer tokens (auth.jwt.jwksUrl) could not be fetched for longer"
              + " than auth.jwt.jwksMaxAgeSeconds",
          retryAfterSeconds);
    }

    /** Positive when the keys are unavailable: the seconds to wait. */
    long retryAfterSeconds() {
      return retryAfterSeconds;
    }
  }
}
