package dev.tollgate.registry.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tollgate.registry.auth.JwtSettings;
import dev.tollgate.registry.auth.TestTokens;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code auth.jwt} section (issue 27, item 2): loaded with its defaults and its {@code
 * jwksFile} relative to the config file's folder, or refused at load with one line naming the
 * mistake.
 */
final class JwtConfigTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path base;

  /** A key {@code k} of policy {@code web}, and {@code auth.jwt} with {@code jwt}'s members. */
  private static String config(String jwt) {
    return "{\"keys\": {\"k\": {\"name\": \"web\"}}, \"auth\": {\"jwt\": {" + jwt + "}}}";
  }

  private static final String GOOD =
      "\"jwksFile\": \"jwks.json\", \"issuer\": \"https://idp.test/\", \"audience\": \"api\","
          + " \"policyClaim\": \"scope\", \"policies\": {\"read\": \"web\"}";

  @Test
  void parse_goodSection_defaultsAndTheFileResolvedAgainstTheConfigsFolder() throws IOException {
    Files.writeString(base.resolve("jwks.json"), new TestTokens().jwks());

    ServerConfig config = ConfigLoader.parse(config(GOOD), -1, base.resolve("data"), base);

    JwtSettings jwt = config.jwt();
    assertThat(jwt).isNotNull();
    assertThat(jwt.jwksFile()).isEqualTo(base.resolve("jwks.json").toString());
    assertThat(jwt.subjectClaim()).isEqualTo("sub");
    assertThat(jwt.clockSkewSeconds()).isEqualTo(60);
    assertThat(jwt.maxTokenBytes()).isEqualTo(4096);
    assertThat(jwt.onJwksFailure()).isEqualTo(JwtSettings.OnJwksFailure.UNAVAILABLE);
    assertThat(jwt.policies()).containsExactly(java.util.Map.entry("read", "web"));
  }

  @Test
  void parse_noAuthSection_noTokens() {
    ServerConfig config = ConfigLoader.parse("{}", -1, base.resolve("data"), base);

    assertThat(config.jwt()).isNull();
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "\"jwksUrl\": \"https://idp.test/jwks\"," + "|auth.jwt takes jwksFile or jwksUrl, not both",
        "\"jwksFile\": null,|auth.jwt needs jwksFile or jwksUrl: where the token signing keys are",
        "\"issuer\": \"\",|auth.jwt.issuer is required: the iss every token must carry",
        "\"audience\": null,|auth.jwt.audience is required: a value every token's aud must hold",
        "\"policyClaim\": \" \",|auth.jwt.policyClaim is required: the claim that picks the policy",
        "\"policies\": {\"read\": \"gold\"},"
            + "|auth.jwt.policies.read names policy gold, which is not under keys or policies"
            + " (known: web)",
        "\"policies\": {},|auth.jwt.policies needs at least one claim value → policy name",
        "\"issuers\": \"x\",|unknown config key: auth.jwt.issuers",
        "\"clockSkewSeconds\": -1,|auth.jwt.clockSkewSeconds must not be negative: -1",
        "\"maxSubjects\": 0,|auth.jwt.maxSubjects must be positive: 0",
        "\"onJwksFailure\": \"allow\",|auth.jwt.onJwksFailure must be one of [unavailable, refuse]: allow",
      })
  void parse_mistake_refusedInOneLineNamingIt(String change, String message) throws IOException {
    Files.writeString(base.resolve("jwks.json"), new TestTokens().jwks());
    ObjectNode jwt = (ObjectNode) JSON.readTree("{" + GOOD + "}");
    jwt.setAll((ObjectNode) JSON.readTree("{" + change.substring(0, change.length() - 1) + "}"));
    String json = config(jwt.toString().substring(1, jwt.toString().length() - 1));

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, base.resolve("data"), base))
        .isInstanceOf(ConfigException.class)
        .hasMessage(message);
  }

  @Test
  void parse_jwksFileMissing_refusedNamingThePath() {
    assertThatThrownBy(() -> ConfigLoader.parse(config(GOOD), -1, base.resolve("data"), base))
        .isInstanceOf(ConfigException.class)
        .hasMessage("auth.jwt.jwksFile: file not found: " + base.resolve("jwks.json"));
  }

  @Test
  void parse_jwksFileNotAKeySet_refused() throws IOException {
    Files.writeString(base.resolve("jwks.json"), "{\"keys\": 3}");

    assertThatThrownBy(() -> ConfigLoader.parse(config(GOOD), -1, base.resolve("data"), base))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("auth.jwt.jwksFile: not a JWK set: " + base.resolve("jwks.json"));
  }

  @Test
  void parse_jwksUrlNotHttp_refused() {
    String json = config(GOOD.replace("\"jwksFile\": \"jwks.json\"", "\"jwksUrl\": \"file:/x\""));

    assertThatThrownBy(() -> ConfigLoader.parse(json, -1, base.resolve("data"), base))
        .isInstanceOf(ConfigException.class)
        .hasMessage("auth.jwt.jwksUrl must be an http(s) URL: file:/x");
  }
}
