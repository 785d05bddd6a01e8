package dev.tollgate.registry.auth;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The {@code auth.jwt} section: callers identified by {@code Authorization: Bearer <JWT>}. The
 * record holds what the file gives (its compact constructor checks each number's range); {@link
 * #mistakes} checks the keys together, once the policies are known.
 *
 * @param jwksFile the JWK set as a file (relative to the config file's folder), read at start
 * @param jwksUrl the JWK set as an {@code http(s)} URL, fetched at start and every {@code
 *     jwksRefreshSeconds}
 * @param issuer the {@code iss} every token must carry
 * @param audience a value the token's {@code aud} must hold
 * @param policyClaim the claim whose value picks the policy ({@code scope}, {@code client_id}...)
 * @param policies claim value → policy name (a policy of {@code keys} or {@code policies})
 * @param subjectClaim the claim that names the subject, whose bucket is charged
 * @param clockSkewSeconds how far {@code exp} and {@code nbf} may be off the gateway's clock
 * @param maxTokenBytes a longer token is refused before any parsing (below the HTTP layer's 8 KB
 *     bound on a request's headers, past which Jetty answers 431 itself)
 * @param jwksRefreshSeconds how often {@code jwksUrl} is fetched again
 * @param jwksMaxAgeSeconds how long the last keys fetched keep working while {@code jwksUrl} cannot
 *     be fetched; past it, {@code onJwksFailure} decides
 * @param onJwksFailure past {@code jwksMaxAgeSeconds}: 503 with {@code Retry-After}, or 401
 * @param maxSubjects the bound of the per-subject buckets kept in memory (least recently charged
 *     forgotten first: such a subject starts again with a full bucket)
 * @param tokenCacheSize how many verified tokens are kept (each until its {@code exp}), so a
 *     repeated token costs no signature check
 */
public record JwtSettings(
    @Nullable String jwksFile,
    @Nullable String jwksUrl,
    @Nullable String issuer,
    @Nullable String audience,
    @Nullable String policyClaim,
    Map<String, String> policies,
    String subjectClaim,
    int clockSkewSeconds,
    int maxTokenBytes,
    int jwksRefreshSeconds,
    int jwksMaxAgeSeconds,
    OnJwksFailure onJwksFailure,
    int maxSubjects,
    int tokenCacheSize) {

  /** Every key at its default: not a usable section by itself ({@link #mistakes}). */
  public static final JwtSettings DEFAULTS =
      new JwtSettings(
          null,
          null,
          null,
          null,
          null,
          Map.of(),
          "sub",
          60,
          4096,
          300,
          3600,
          OnJwksFailure.UNAVAILABLE,
          100_000,
          10_000);

  public JwtSettings {
    policies =
        policies == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(policies));
    require(
        clockSkewSeconds >= 0,
        "auth.jwt.clockSkewSeconds must not be negative: ",
        clockSkewSeconds);
    require(maxTokenBytes > 0, "auth.jwt.maxTokenBytes must be positive: ", maxTokenBytes);
    require(
        jwksRefreshSeconds > 0,
        "auth.jwt.jwksRefreshSeconds must be positive: ",
        jwksRefreshSeconds);
    require(
        jwksMaxAgeSeconds > 0, "auth.jwt.jwksMaxAgeSeconds must be positive: ", jwksMaxAgeSeconds);
    require(maxSubjects > 0, "auth.jwt.maxSubjects must be positive: ", maxSubjects);
    require(tokenCacheSize > 0, "auth.jwt.tokenCacheSize must be positive: ", tokenCacheSize);
  }

  /**
   * What is wrong with the section as a whole, one line per mistake, each naming its key; empty
   * when it can be used.
   *
   * @param policyNames the policies a claim may map to (the anonymous one is not among them)
   */
  public List<String> mistakes(Set<String> policyNames) {
    List<String> mistakes = new ArrayList<>();
    if (jwksFile != null && jwksUrl != null) {
      mistakes.add("auth.jwt takes jwksFile or jwksUrl, not both");
    }
    if (jwksFile == null && jwksUrl == null) {
      mistakes.add("auth.jwt needs jwksFile or jwksUrl: where the token signing keys are");
    }
    if (jwksUrl != null && !(jwksUrl.startsWith("https://") || jwksUrl.startsWith("http://"))) {
      mistakes.add("auth.jwt.jwksUrl must be an http(s) URL: " + jwksUrl);
    }
    requireText(mistakes, "issuer", issuer, "the iss every token must carry");
    requireText(mistakes, "audience", audience, "a value every token's aud must hold");
    requireText(mistakes, "policyClaim", policyClaim, "the claim that picks the policy");
    requireText(mistakes, "subjectClaim", subjectClaim, "the claim that names the subject");
    if (policies.isEmpty()) {
      mistakes.add("auth.jwt.policies needs at least one claim value → policy name");
    }
    for (Map.Entry<String, String> entry : policies.entrySet()) {
      if (entry.getValue() == null || !policyNames.contains(entry.getValue())) {
        mistakes.add(
            "auth.jwt.policies."
                + entry.getKey()
                + " names policy "
                + entry.getValue()
                + ", which is not under keys or policies (known: "
                + String.join(", ", policyNames)
                + ")");
      }
    }
    return mistakes;
  }

  /** These settings with {@code jwksFile} resolved against {@code base} (the config's folder). */
  public JwtSettings resolvedAgainst(Path base) {
    if (jwksFile == null || jwksFile.startsWith(JwksSource.CLASSPATH)) {
      return this;
    }
    return new JwtSettings(
        base.resolve(jwksFile).normalize().toString(),
        jwksUrl,
        issuer,
        audience,
        policyClaim,
        policies,
        subjectClaim,
        clockSkewSeconds,
        maxTokenBytes,
        jwksRefreshSeconds,
        jwksMaxAgeSeconds,
        onJwksFailure,
        maxSubjects,
        tokenCacheSize);
  }

  /** What a token gets once the keys fetched from {@code jwksUrl} are older than their max age. */
  public enum OnJwksFailure {
    /** 503 {@code JWKS_UNAVAILABLE} with {@code Retry-After}: the caller may well be valid. */
    UNAVAILABLE,
    /** 401 {@code UNAUTHENTICATED}, as for a token that does not verify. */
    REFUSE
  }

  private static void requireText(
      List<String> mistakes, String key, @Nullable String value, String what) {
    if (value == null || value.isBlank()) {
      mistakes.add("auth.jwt." + key + " is required: " + what);
    }
  }

  private static void require(boolean condition, String message, int value) {
    if (!condition) {
      throw new IllegalArgumentException(message + value);
    }
  }
}
