package dev.tollgate.registry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.SignedJWT;
import dev.tollgate.registry.auth.DemoJwt;
import dev.tollgate.registry.auth.JwksSource;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code jwt-demo-token}: a token the embedded demo's JWK set verifies, with the claims asked. */
final class JwtDemoTokenCommandTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void run_subjectAndScope_tokenSignedByTheDemoKeyWithThoseClaims() throws Exception {
    int code = run("--subject", "alice", "--scope", "web", "--ttl-seconds", "60");

    assertThat(code).isZero();
    SignedJWT token = SignedJWT.parse(out.toString(StandardCharsets.UTF_8).trim());
    RSAKey key = (RSAKey) JwksSource.readFile(DemoJwt.JWKS).getKeys().get(0);
    assertThat(token.verify(new RSASSAVerifier(key))).isTrue();
    assertThat(token.getJWTClaimsSet().getSubject()).isEqualTo("alice");
    assertThat(token.getJWTClaimsSet().getStringClaim("scope")).isEqualTo("web");
    assertThat(token.getJWTClaimsSet().getIssuer()).isEqualTo(DemoJwt.ISSUER);
    assertThat(token.getJWTClaimsSet().getAudience()).isEqualTo(List.of(DemoJwt.AUDIENCE));
    // issued now, valid 60 s
    long lifetime =
        token.getJWTClaimsSet().getExpirationTime().getTime()
            - token.getJWTClaimsSet().getIssueTime().getTime();
    assertThat(lifetime).isEqualTo(60_000);
  }

  @Test
  void run_unknownOption_exit2WithUsage() {
    int code = run("--sub", "alice");

    assertThat(code).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("unknown or incomplete option: --sub")
        .contains(JwtDemoTokenCommand.USAGE);
    assertThat(out.size()).isZero();
  }

  @Test
  void run_ttlNotANumber_exit2() {
    assertThat(run("--ttl-seconds", "soon")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--ttl-seconds");
  }

  private int run(String... args) {
    return JwtDemoTokenCommand.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }
}
