package dev.tollgate.registry.config;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tollgate.registry.auth.JwksSource;
import dev.tollgate.registry.auth.JwtSettings;
import dev.tollgate.registry.calibration.CalibrationSettings;
import dev.tollgate.registry.demo.DemoSettings;
import dev.tollgate.registry.gateway.BudgetSettings;
import dev.tollgate.registry.gateway.CatalogSettings;
import dev.tollgate.registry.gateway.GatewaySettings;
import dev.tollgate.registry.http.AdminToken;
import dev.tollgate.registry.http.HttpSettings;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import dev.tollgate.registry.publish.PublishSettings;
import dev.tollgate.registry.store.StoreSettings;
import dev.tollgate.registry.upstream.UpstreamSettings;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The sections of a config file and the feature settings each holds: composes a {@link
 * ServerConfig} from a file through the {@link SettingsBinder}, with the special cases of a file
 * ({@link ConfigFile}). The sections that hold policies ({@code keys}, {@code anonymous}, {@code
 * policies}) are bound by the policy's own creators, and {@code adminTokens} element by element.
 */
final class ConfigSections {

  static final String ADMIN_TOKENS = "adminTokens";
  static final String KEYS = "keys";
  static final String ANONYMOUS = "anonymous";
  static final String POLICIES = "policies";
  static final String AUTH = "auth";

  /**
   * Each section holding settings, and the records that hold its keys, as their defaults: the
   * {@code gateway} section is split by the feature that reads each key.
   */
  static final Map<String, List<Record>> SECTIONS = sections();

  /** An admin token as a file gives it: no name (numbered later), the default scope. */
  private static final AdminToken TOKEN_DEFAULTS =
      new AdminToken("", "required", AdminToken.DEFAULT_SCOPE);

  private ConfigSections() {}

  private static Map<String, List<Record>> sections() {
    Map<String, List<Record>> sections = new LinkedHashMap<>();
    sections.put("http", List.of(HttpSettings.DEFAULTS));
    sections.put("store", List.of(StoreSection.DEFAULTS));
    sections.put("schema", List.of(SchemaSection.DEFAULTS));
    sections.put("upstream", List.of(UpstreamSettings.DEFAULTS));
    sections.put(
        "gateway",
        List.of(
            GatewaySettings.DEFAULTS,
            BudgetSettings.DEFAULTS,
            CatalogSettings.DEFAULTS,
            CalibrationSettings.DEFAULTS));
    sections.put("demo", List.of(DemoSettings.DEFAULTS));
    sections.put("registry", List.of(PublishSettings.DEFAULTS));
    sections.put(AUTH, List.of(AuthSection.DEFAULTS));
    return sections;
  }

  /** The admin token's keys, as its defaults. */
  static Record adminTokenDefaults() {
    return TOKEN_DEFAULTS;
  }

  static ServerConfig compose(SettingsBinder binder, JsonNode root, ConfigFile file) {
    refuseUnknown(binder, root);
    JsonNode gateway = root.get("gateway");
    Map<String, KeyPolicy> keys = ConfigFile.named(keys(binder, KEYS, root.get(KEYS)));
    Map<String, KeyPolicy> keyless =
        ConfigFile.policies(keys(binder, POLICIES, nullsAsDefaults(root.get(POLICIES))), keys);
    return new ServerConfig(
        file.http(binder.bind("http", root.get("http"), HttpSettings.DEFAULTS)),
        file.store(binder.bind("store", root.get("store"), StoreSection.DEFAULTS)),
        file.schema(binder.bind("schema", root.get("schema"), SchemaSection.DEFAULTS)),
        upstream(binder, root.get("upstream")),
        ConfigFile.named(adminTokens(binder, root.get(ADMIN_TOKENS))),
        binder.bind("gateway", gateway, GatewaySettings.DEFAULTS),
        binder.bind("gateway", gateway, BudgetSettings.DEFAULTS),
        binder.bind("gateway", gateway, CatalogSettings.DEFAULTS),
        binder.bind("gateway", gateway, CalibrationSettings.DEFAULTS),
        keys,
        ConfigFile.anonymous(anonymous(binder, root.get(ANONYMOUS))),
        keyless,
        binder.bind("demo", root.get("demo"), DemoSettings.DEFAULTS),
        binder.bind("registry", root.get("registry"), PublishSettings.DEFAULTS),
        jwt(binder, root.get(AUTH), file, keys, keyless));
  }

  /** Every key a section may hold: the components of its records. */
  static Set<String> keysOf(SettingsBinder binder, List<Record> records) {
    Set<String> keys = new LinkedHashSet<>();
    for (Record settings : records) {
      binder.tree(settings).fieldNames().forEachRemaining(keys::add);
    }
    return keys;
  }

  private static void refuseUnknown(SettingsBinder binder, JsonNode root) {
    Set<String> top = new HashSet<>(SECTIONS.keySet());
    top.addAll(List.of(ADMIN_TOKENS, KEYS, ANONYMOUS, POLICIES));
    SettingsBinder.refuseUnknown("", root, top);
    for (Map.Entry<String, List<Record>> section : SECTIONS.entrySet()) {
      JsonNode given = root.get(section.getKey());
      if (given != null) {
        SettingsBinder.refuseUnknown(section.getKey(), given, keysOf(binder, section.getValue()));
      }
    }
  }

  /**
   * Without {@code unkeyedHeaders}, the default ones among the file's {@code forwardHeaders} and
   * {@code varyHeaders}.
   */
  private static UpstreamSettings upstream(SettingsBinder binder, @Nullable JsonNode given) {
    if (given != null && given.hasNonNull("unkeyedHeaders")) {
      return binder.bind("upstream", given, UpstreamSettings.DEFAULTS);
    }
    return binder
        .bind("upstream", given, UpstreamSettings.DEFAULTS.withUnkeyedHeaders(List.of()))
        .withDefaultUnkeyedHeaders();
  }

  private static List<AdminToken> adminTokens(SettingsBinder binder, @Nullable JsonNode given) {
    if (given == null || given.isNull()) {
      return List.of();
    }
    if (!given.isArray()) {
      throw new ConfigException(ADMIN_TOKENS + " must be an array");
    }
    ObjectNode defaults = binder.tree(TOKEN_DEFAULTS);
    Set<String> keys = keysOf(binder, List.of(TOKEN_DEFAULTS));
    List<AdminToken> tokens = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      String path = ADMIN_TOKENS + "[" + i + "]";
      JsonNode token = given.get(i);
      if (token.isNull()) {
        throw new ConfigException(path + " must not be null");
      }
      SettingsBinder.requireObject(path, token);
      SettingsBinder.refuseUnknown(path, token, keys);
      if (!token.hasNonNull("token")) {
        throw new ConfigException(path + ".token is required");
      }
      tokens.add(binder.bind(path, token, AdminToken.class, defaults));
    }
    return tokens;
  }

  /** The policies of section {@code name} ({@code keys} or {@code policies}), by member. */
  private static Map<String, KeyPolicy> keys(
      SettingsBinder binder, String name, @Nullable JsonNode given) {
    if (given == null || given.isNull()) {
      return Map.of();
    }
    return binder.read(name, given, new TypeReference<LinkedHashMap<String, KeyPolicy>>() {});
  }

  /** A {@code policies} section whose members written null are {} (every setting's default). */
  private static @Nullable JsonNode nullsAsDefaults(@Nullable JsonNode given) {
    if (given == null || !given.isObject()) {
      return given;
    }
    ObjectNode copy = ((ObjectNode) given).deepCopy();
    copy.properties()
        .forEach(
            member -> {
              if (member.getValue().isNull()) {
                member.setValue(copy.objectNode());
              }
            });
    return copy;
  }

  private static @Nullable KeyPolicy anonymous(SettingsBinder binder, @Nullable JsonNode given) {
    if (given == null || given.isNull()) {
      return null;
    }
    return binder.read(ANONYMOUS, given, KeyPolicy.class);
  }

  /**
   * The {@code auth.jwt} section, checked as a whole (the first mistake is refused, naming its key)
   * and its {@code jwksFile} read; {@code null} when the file has none.
   */
  private static @Nullable JwtSettings jwt(
      SettingsBinder binder,
      @Nullable JsonNode auth,
      ConfigFile file,
      Map<String, KeyPolicy> keys,
      Map<String, KeyPolicy> keyless) {
    if (auth != null && !auth.isNull()) {
      SettingsBinder.requireObject(AUTH, auth);
    }
    JsonNode given = auth == null ? null : auth.get("jwt");
    if (given == null || given.isNull()) {
      return null;
    }
    SettingsBinder.requireObject(AUTH + ".jwt", given);
    SettingsBinder.refuseUnknown(
        AUTH + ".jwt", given, keysOf(binder, List.of(JwtSettings.DEFAULTS)));
    JwtSettings jwt = file.jwt(binder.bind(AUTH + ".jwt", given, JwtSettings.DEFAULTS));
    Set<String> names = new LinkedHashSet<>();
    keys.values().forEach(policy -> names.add(policy.name()));
    names.addAll(keyless.keySet());
    List<String> mistakes = jwt.mistakes(names);
    if (!mistakes.isEmpty()) {
      throw new ConfigException(mistakes.get(0));
    }
    String jwksFile = jwt.jwksFile();
    if (jwksFile != null) {
      try {
        JwksSource.readFile(jwksFile);
      } catch (IllegalArgumentException e) {
        throw new ConfigException("auth.jwt.jwksFile: " + e.getMessage());
      }
    }
    return jwt;
  }

  /** The {@code auth} section as a file writes it: {@code jwt}, absent by default. */
  record AuthSection(JwtSettings jwt) {
    static final AuthSection DEFAULTS = new AuthSection(JwtSettings.DEFAULTS);
  }

  /**
   * The {@code store} section as a file writes it: without {@code jdbcUrl}, the H2 file in the data
   * folder ({@code user} and {@code password} unused): {@code --data-dir}, else {@code dataDir}
   * relative to the config file's folder, else {@code tollgate-data} beside the config file.
   */
  record StoreSection(
      @Nullable String jdbcUrl,
      String user,
      String password,
      int poolSize,
      @Nullable String dataDir,
      int checkpointMegabytes) {
    static final StoreSection DEFAULTS =
        new StoreSection(
            null,
            "",
            "",
            StoreSettings.DEFAULT_POOL_SIZE,
            null,
            StoreSettings.DEFAULT_CHECKPOINT_MEGABYTES);
  }

  /**
   * The {@code schema} section as a file writes it: {@code path} relative to the file's folder,
   * {@code fragmentSpreads} by default the model's own.
   */
  record SchemaSection(
      @Nullable String path,
      CostPreset model,
      int defaultListSize,
      @Nullable FragmentSpreads fragmentSpreads) {
    static final SchemaSection DEFAULTS = new SchemaSection(null, CostPreset.BOOK, 10, null);
  }
}
