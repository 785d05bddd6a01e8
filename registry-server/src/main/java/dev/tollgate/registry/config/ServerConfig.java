package dev.tollgate.registry.config;

import dev.tollgate.registry.auth.JwtSettings;
import dev.tollgate.registry.calibration.CalibrationSettings;
import dev.tollgate.registry.demo.DemoSettings;
import dev.tollgate.registry.gateway.BudgetSettings;
import dev.tollgate.registry.gateway.CatalogSettings;
import dev.tollgate.registry.gateway.GatewaySettings;
import dev.tollgate.registry.http.AdminToken;
import dev.tollgate.registry.http.HttpSettings;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.publish.PublishSettings;
import dev.tollgate.registry.schema.SchemaSettings;
import dev.tollgate.registry.store.StoreSettings;
import dev.tollgate.registry.upstream.UpstreamSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The whole configuration: each feature's own settings, composed from a config file ({@link
 * ConfigLoader}) or built by {@link DemoConfig}, validated at start, never changed after. The
 * features' records hold their defaults and their checks; the file's {@code gateway} section is
 * split among several of them ({@link ConfigSections}).
 *
 * @param keylessPolicies the file's {@code policies} section by name: policies without a key in the
 *     file, which keys issued at runtime name (issue 27)
 * @param registry the file's {@code registry} section
 * @param jwt the file's {@code auth.jwt} section: callers identified by bearer tokens; {@code null}
 *     when absent (no token is verified, {@code Authorization} is only forwarded)
 */
public record ServerConfig(
    HttpSettings http,
    StoreSettings store,
    SchemaSettings schema,
    UpstreamSettings upstream,
    List<AdminToken> adminTokens,
    GatewaySettings gateway,
    BudgetSettings budget,
    CatalogSettings catalog,
    CalibrationSettings calibration,
    Map<String, KeyPolicy> keys,
    KeyPolicy anonymous,
    Map<String, KeyPolicy> keylessPolicies,
    DemoSettings demo,
    PublishSettings registry,
    @Nullable JwtSettings jwt) {

  public ServerConfig {
    adminTokens = List.copyOf(adminTokens);
    keys = Map.copyOf(keys);
    keylessPolicies = Map.copyOf(keylessPolicies);
  }

  /**
   * Every setting's default, on {@code store}: no admin token, no key, the default anonymous
   * policy.
   */
  public static ServerConfig defaults(StoreSettings store) {
    return new ServerConfig(
        HttpSettings.DEFAULTS,
        store,
        SchemaSettings.DEFAULTS,
        UpstreamSettings.DEFAULTS,
        List.of(),
        GatewaySettings.DEFAULTS,
        BudgetSettings.DEFAULTS,
        CatalogSettings.DEFAULTS,
        CalibrationSettings.DEFAULTS,
        Map.of(),
        KeyPolicy.newPolicy(KeyPolicy.ANONYMOUS).build(),
        Map.of(),
        DemoSettings.DEFAULTS,
        PublishSettings.DEFAULTS,
        null);
  }

  /** The policy of the caller presenting {@code apiKey} ({@code null}: the anonymous policy). */
  public Optional<KeyPolicy> policyFor(@Nullable String apiKey) {
    if (apiKey == null) {
      return Optional.of(anonymous);
    }
    return Optional.ofNullable(keys.get(apiKey));
  }

  /**
   * Every policy: the keys', those of the {@code policies} section, and the anonymous one, last.
   */
  public List<KeyPolicy> policies() {
    List<KeyPolicy> policies = new ArrayList<>(keys.values());
    policies.addAll(keylessPolicies.values());
    policies.add(anonymous);
    return policies;
  }

  /** This config with {@code http} in place of its own (a command-line override). */
  public ServerConfig withHttp(HttpSettings http) {
    return transform(config -> config.http(http));
  }

  /** This config with what {@code change} sets on a builder holding it. */
  public ServerConfig transform(Consumer<Builder> change) {
    Builder builder = new Builder(this);
    change.accept(builder);
    return builder.build();
  }

  /** Sets some settings of a config; {@link #transform}. */
  public static final class Builder {
    private HttpSettings http;
    private StoreSettings store;
    private SchemaSettings schema;
    private UpstreamSettings upstream;
    private List<AdminToken> adminTokens;
    private GatewaySettings gateway;
    private BudgetSettings budget;
    private CatalogSettings catalog;
    private CalibrationSettings calibration;
    private Map<String, KeyPolicy> keys;
    private KeyPolicy anonymous;
    private Map<String, KeyPolicy> keylessPolicies;
    private DemoSettings demo;
    private PublishSettings registry;
    private @Nullable JwtSettings jwt;

    private Builder(ServerConfig config) {
      http = config.http;
      store = config.store;
      schema = config.schema;
      upstream = config.upstream;
      adminTokens = config.adminTokens;
      gateway = config.gateway;
      budget = config.budget;
      catalog = config.catalog;
      calibration = config.calibration;
      keys = config.keys;
      anonymous = config.anonymous;
      keylessPolicies = config.keylessPolicies;
      demo = config.demo;
      registry = config.registry;
      jwt = config.jwt;
    }

    public Builder http(HttpSettings http) {
      this.http = http;
      return this;
    }

    public Builder store(StoreSettings store) {
      this.store = store;
      return this;
    }

    public Builder schema(SchemaSettings schema) {
      this.schema = schema;
      return this;
    }

    public Builder upstream(UpstreamSettings upstream) {
      this.upstream = upstream;
      return this;
    }

    public Builder adminTokens(List<AdminToken> adminTokens) {
      this.adminTokens = adminTokens;
      return this;
    }

    public Builder gateway(GatewaySettings gateway) {
      this.gateway = gateway;
      return this;
    }

    public Builder budget(BudgetSettings budget) {
      this.budget = budget;
      return this;
    }

    public Builder catalog(CatalogSettings catalog) {
      this.catalog = catalog;
      return this;
    }

    public Builder calibration(CalibrationSettings calibration) {
      this.calibration = calibration;
      return this;
    }

    public Builder keys(Map<String, KeyPolicy> keys) {
      this.keys = keys;
      return this;
    }

    /** Policies without a key in the file, by name (the file's {@code policies} section). */
    public Builder keylessPolicies(Map<String, KeyPolicy> keylessPolicies) {
      this.keylessPolicies = keylessPolicies;
      return this;
    }

    public Builder anonymous(KeyPolicy anonymous) {
      this.anonymous = anonymous;
      return this;
    }

    public Builder demo(DemoSettings demo) {
      this.demo = demo;
      return this;
    }

    public Builder registry(PublishSettings registry) {
      this.registry = registry;
      return this;
    }

    /** Callers identified by bearer tokens ({@code auth.jwt}); {@code null}: none. */
    public Builder jwt(@Nullable JwtSettings jwt) {
      this.jwt = jwt;
      return this;
    }

    ServerConfig build() {
      return new ServerConfig(
          http,
          store,
          schema,
          upstream,
          adminTokens,
          gateway,
          budget,
          catalog,
          calibration,
          keys,
          anonymous,
          keylessPolicies,
          demo,
          registry,
          jwt);
    }
  }
}
