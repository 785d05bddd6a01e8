package dev.tollgate.registry.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/**
 * The embedded demo's bearer tokens: its JWK set and the private key that signs {@code
 * jwt-demo-token}'s tokens, both in the jar and therefore no secret (like the demo's API keys, for
 * the tour on this machine only).
 */
public final class DemoJwt {

  /** The {@code iss} and {@code aud} of the demo's tokens. */
  public static final String ISSUER = "tollgate-demo";

  public static final String AUDIENCE = "tollgate-demo";

  /** The demo's JWK set, as a {@code jwksFile}. */
  public static final String JWKS =
      JwksSource.CLASSPATH + "dev/tollgate/registry/demo/demo-jwks.json";

  private static final String SIGNING_KEY = "dev/tollgate/registry/demo/demo-jwt-signing-key.json";

  private DemoJwt() {}

  /** A token for {@code subject} with {@code scope}, valid {@code ttl} from {@code now}, RS256. */
  public static String token(String subject, String scope, Duration ttl, Instant now) {
    RSAKey key = signingKey();
    JWTClaimsSet claims =
        new JWTClaimsSet.Builder()
            .issuer(ISSUER)
            .audience(AUDIENCE)
            .subject(subject)
            .claim("scope", scope)
            .issueTime(Date.from(now))
            .expirationTime(Date.from(now.plus(ttl)))
            .build();
    SignedJWT jwt =
        new SignedJWT(
            new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(), claims);
    try {
      jwt.sign(new RSASSASigner(key));
    } catch (JOSEException e) {
      throw new IllegalStateException("the demo key cannot sign", e);
    }
    return jwt.serialize();
  }

  private static RSAKey signingKey() {
    try (InputStream in = DemoJwt.class.getClassLoader().getResourceAsStream(SIGNING_KEY)) {
      if (in == null) {
        throw new IllegalStateException("no resource " + SIGNING_KEY);
      }
      return RSAKey.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException | ParseException e) {
      throw new IllegalStateException("cannot read the demo key " + SIGNING_KEY, e);
    }
  }
}
