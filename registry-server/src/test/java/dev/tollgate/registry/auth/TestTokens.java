package dev.tollgate.registry.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Keys and tokens made in the test by Nimbus, as an identity provider would: an RSA key ({@code
 * rsa-1}) and an EC P-256 key ({@code ec-1}), generated per instance, whose public halves are the
 * JWK set; tokens issued by {@link #ISSUER} for {@link #AUDIENCE}, valid for an hour from a given
 * instant, with a {@code scope} and a {@code sub}.
 */
public final class TestTokens {

  public static final String ISSUER = "https://idp.example.test/";
  public static final String AUDIENCE = "tollgate-test";

  private final RSAKey rsa;
  private final ECKey ec;

  public TestTokens() {
    try {
      rsa = new RSAKeyGenerator(2048).keyID("rsa-1").generate();
      ec = new ECKeyGenerator(Curve.P_256).keyID("ec-1").generate();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The public JWK set, as an identity provider publishes it. */
  public String jwks() {
    return new JWKSet(List.<com.nimbusds.jose.jwk.JWK>of(rsa, ec)).toPublicJWKSet().toString();
  }

  /** The JWK set written to {@code dir/jwks.json}. */
  public Path jwksFile(Path dir) {
    try {
      return Files.writeString(dir.resolve("jwks.json"), jwks());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * {@code auth.jwt} over {@code jwksFile} or {@code jwksUrl}: scope {@code web} → policy {@code
   * trusted}, {@code partner} → {@code partner}; a minute of skew, a 4 KB bound.
   */
  public static JwtSettings settings(
      String jwksFile, String jwksUrl, JwtSettings.OnJwksFailure onFailure, int maxSubjects) {
    return new JwtSettings(
        jwksFile,
        jwksUrl,
        ISSUER,
        AUDIENCE,
        "scope",
        Map.of("web", "trusted", "partner", "partner"),
        "sub",
        60,
        4096,
        300,
        3600,
        onFailure,
        maxSubjects,
        1_000);
  }

  /** The claims of a good token for {@code subject} with {@code scope}, issued at {@code now}. */
  public static JWTClaimsSet.Builder claims(String subject, String scope, Instant now) {
    return new JWTClaimsSet.Builder()
        .issuer(ISSUER)
        .audience(AUDIENCE)
        .subject(subject)
        .claim("scope", scope)
        .issueTime(Date.from(now))
        .expirationTime(Date.from(now.plus(Duration.ofHours(1))));
  }

  /** A good RS256 token for {@code subject} with {@code scope}. */
  public String rs256(String subject, String scope, Instant now) {
    return rs256(claims(subject, scope, now).build());
  }

  /** {@code claims} changed by {@code change}, signed RS256 with {@code rsa-1}. */
  public String rs256(String subject, Instant now, Consumer<JWTClaimsSet.Builder> change) {
    JWTClaimsSet.Builder claims = claims(subject, "web", now);
    change.accept(claims);
    return rs256(claims.build());
  }

  public String rs256(JWTClaimsSet claims) {
    try {
      return sign(new RSASSASigner(rsa), JWSAlgorithm.RS256, "rsa-1", claims);
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  public String es256(JWTClaimsSet claims) {
    try {
      return sign(new ECDSASigner(ec), JWSAlgorithm.ES256, "ec-1", claims);
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Signed by another RSA key than the set's, under the set's key id: a bad signature. */
  public static String foreignKey(JWTClaimsSet claims, String kid) {
    try {
      RSAKey other = new RSAKeyGenerator(2048).keyID(kid).generate();
      return sign(new RSASSASigner(other), JWSAlgorithm.RS256, kid, claims);
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Algorithm confusion: HS256 with the RSA public key's bytes as the HMAC secret. */
  public String hs256WithThePublicKey(JWTClaimsSet claims) {
    try {
      byte[] secret = rsa.toRSAPublicKey().getEncoded();
      return sign(new MACSigner(secret), JWSAlgorithm.HS256, "rsa-1", claims);
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code alg: none}. */
  public static String unsigned(JWTClaimsSet claims) {
    return new PlainJWT(claims).serialize();
  }

  private static String sign(
      JWSSigner signer, JWSAlgorithm algorithm, String kid, JWTClaimsSet claims) {
    SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(algorithm).keyID(kid).build(), claims);
    try {
      jwt.sign(signer);
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
    return jwt.serialize();
  }
}
