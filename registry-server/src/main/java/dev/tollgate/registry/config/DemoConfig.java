package dev.tollgate.registry.config;

import dev.tollgate.registry.auth.DemoJwt;
import dev.tollgate.registry.auth.JwtSettings;
import dev.tollgate.registry.demo.DemoManifest;
import dev.tollgate.registry.demo.DemoSettings;
import dev.tollgate.registry.http.AdminToken;
import dev.tollgate.registry.http.HttpSettings;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.KeyPolicy.Budget;
import dev.tollgate.registry.policy.KeyPolicy.Mode;
import dev.tollgate.registry.store.StoreSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The embedded default: H2 in the data dir, the bundled cargo schema and demo upstream, the demo
 * manifest published as app {@code cargo-web}, and fixed demo credentials (README). Every setting
 * not named here is the config file's default. The policies are named apart from their keys ({@code
 * web}, {@code partner}): names are public ({@code GET /v1/price-list}, {@code /metrics}), keys are
 * not.
 */
public final class DemoConfig {

  public static final String ADMIN_TOKEN = "admin-demo";
  public static final String TRUSTED_KEY = "web-demo";
  public static final String OPEN_KEY = "partner-demo";
  public static final String DEMO_APP = DemoManifest.APP;
  public static final String TRUSTED_POLICY = "web";
  public static final String OPEN_POLICY = "partner";

  /**
   * Where the demo listens unless {@code --host} says otherwise: this machine only, since its
   * credentials are public.
   */
  public static final String HOST = "127.0.0.1";

  /** The demo's credentials, printed at start and in the README: public, so never a secret. */
  public static final Set<String> PUBLIC_CREDENTIALS = Set.of(ADMIN_TOKEN, TRUSTED_KEY, OPEN_KEY);

  /** The demo's data folder when no {@code --data-dir} is given, relative to the working dir. */
  public static final String DATA_DIR = "tollgate-data";

  private DemoConfig() {}

  /** The demo on {@link #HOST}. */
  public static ServerConfig create(int port, Path dataDir) {
    return create(HOST, port, dataDir);
  }

  public static ServerConfig create(String host, int port, Path dataDir) {
    KeyPolicy web =
        KeyPolicy.newPolicy(TRUSTED_POLICY).apps(Set.of(DEMO_APP)).requireId(true).build();
    KeyPolicy partner =
        KeyPolicy.newPolicy(OPEN_POLICY)
            .mode(Mode.OPEN)
            .apps(Set.of("*"))
            .budget(new Budget(5_000, 50))
            .introspection(true)
            .build();
    KeyPolicy anonymous =
        KeyPolicy.newPolicy(KeyPolicy.ANONYMOUS)
            .apps(Set.of(DEMO_APP))
            .budget(new Budget(1_000, 10))
            .build();
    return ServerConfig.defaults(StoreSettings.h2In(dataDir))
        .transform(
            config ->
                config
                    .http(HttpSettings.DEFAULTS.withPort(port).withHost(host))
                    .adminTokens(
                        List.of(new AdminToken("admin-demo", ADMIN_TOKEN, AdminToken.Scope.ADMIN)))
                    .keys(Map.of(TRUSTED_KEY, web, OPEN_KEY, partner))
                    .anonymous(anonymous)
                    .demo(new DemoSettings(true))
                    .jwt(jwt()));
  }

  /**
   * Bearer tokens signed by the demo's key ({@code jwt-demo-token} mints them): scope {@code
   * partner} → the partner policy, {@code web} → the web policy, a bucket per {@code sub}.
   */
  private static JwtSettings jwt() {
    JwtSettings defaults = JwtSettings.DEFAULTS;
    return new JwtSettings(
        DemoJwt.JWKS,
        null,
        DemoJwt.ISSUER,
        DemoJwt.AUDIENCE,
        "scope",
        Map.of(OPEN_POLICY, OPEN_POLICY, TRUSTED_POLICY, TRUSTED_POLICY),
        defaults.subjectClaim(),
        defaults.clockSkewSeconds(),
        defaults.maxTokenBytes(),
        defaults.jwksRefreshSeconds(),
        defaults.jwksMaxAgeSeconds(),
        defaults.onJwksFailure(),
        defaults.maxSubjects(),
        defaults.tokenCacheSize());
  }
}
