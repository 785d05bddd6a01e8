package dev.tollgate.registry.cli;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.tollgate.registry.config.DemoConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code jwt-demo-token}: prints a bearer token for the embedded demo ({@code auth.jwt} with the
 * demo's JWK set), signed RS256 by the demo's key, which ships in the jar and is therefore no
 * secret: like the demo's API keys, it is for the tour on this machine only. Options: {@code
 * --subject S} ({@code sub}, default {@code demo-user}), {@code --scope S} (default {@code
 * partner}), {@code --ttl-seconds N} (default 3600).
 */
public final class JwtDemoTokenCommand {

  static final String USAGE =
      "usage: jwt-demo-token [--subject SUB] [--scope partner|web] [--ttl-seconds N]";

  private static final String KEY = "dev/tollgate/registry/demo/demo-jwt-signing-key.json";

  private JwtDemoTokenCommand() {}

  public static int run(String[] args, PrintStream out, PrintStream err) {
    Map<String, String> options =
        new LinkedHashMap<>(
            Map.of(
                "--subject",
                "demo-user",
                "--scope",
                DemoConfig.OPEN_POLICY,
                "--ttl-seconds",
                "3600"));
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--help") || args[i].equals("-h")) {
        out.println(USAGE);
        return 0;
      }
      if (!options.containsKey(args[i]) || i + 1 == args.length) {
        err.println("unknown or incomplete option: " + args[i]);
        err.println(USAGE);
        return 2;
      }
      options.put(args[i], args[++i]);
    }
    String subject = options.getOrDefault("--subject", "demo-user");
    String scope = options.getOrDefault("--scope", DemoConfig.OPEN_POLICY);
    long ttl;
    try {
      ttl = Long.parseLong(options.getOrDefault("--ttl-seconds", ""));
    } catch (NumberFormatException e) {
      err.println("--ttl-seconds must be a number of seconds: " + options.get("--ttl-seconds"));
      return 2;
    }
    out.println(token(subject, scope, ttl, Instant.now()));
    return 0;
  }

  static String token(String subject, String scope, long ttlSeconds, Instant now) {
    RSAKey key = demoKey();
    JWTClaimsSet claims =
        new JWTClaimsSet.Builder()
            .issuer(DemoConfig.JWT_ISSUER)
            .audience(DemoConfig.JWT_AUDIENCE)
            .subject(subject)
            .claim("scope", scope)
            .issueTime(Date.from(now))
            .expirationTime(Date.from(now.plus(Duration.ofSeconds(ttlSeconds))))
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

  private static RSAKey demoKey() {
    try (InputStream in = JwtDemoTokenCommand.class.getClassLoader().getResourceAsStream(KEY)) {
      if (in == null) {
        throw new IllegalStateException("no resource " + KEY);
      }
      return RSAKey.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException | ParseException e) {
      throw new IllegalStateException("cannot read the demo key " + KEY, e);
    }
  }
}
