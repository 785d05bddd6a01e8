package dev.tollgate.registry.config;

import dev.tollgate.registry.auth.JwtSettings;
import dev.tollgate.registry.http.AdminToken;
import dev.tollgate.registry.http.HttpSettings;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.FragmentSpreads;
import dev.tollgate.registry.schema.SchemaSettings;
import dev.tollgate.registry.store.StoreSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What composing a config file needs beyond its text: the command line's port override and data
 * dir, and the file's directory (relative paths are resolved against it). Also names what the file
 * left unnamed.
 *
 * @param portOverride the {@code --port} given, or negative when none was
 * @param dataDirOverride the {@code --data-dir} given (it wins over {@code store.dataDir}), or
 *     {@code null} when none was
 */
record ConfigFile(int portOverride, @Nullable Path dataDirOverride, Path base) {

  /** The H2 data folder when the file names none: {@code tollgate-data} beside the file. */
  static final String DEFAULT_DATA_DIR = "tollgate-data";

  HttpSettings http(HttpSettings fromFile) {
    return portOverride < 0 ? fromFile : fromFile.withPort(portOverride);
  }

  /**
   * Without {@code jdbcUrl}, the embedded H2 store in {@code --data-dir} if given, else in {@code
   * dataDir} from the file (relative to the file's folder), else in {@code tollgate-data} beside
   * the file.
   */
  StoreSettings store(ConfigSections.StoreSection fromFile) {
    String jdbcUrl = fromFile.jdbcUrl();
    if (jdbcUrl == null) {
      String dataDir = fromFile.dataDir();
      Path folder =
          dataDirOverride != null
              ? dataDirOverride
              : base.resolve(dataDir != null ? dataDir : DEFAULT_DATA_DIR).normalize();
      return StoreSettings.h2In(folder, fromFile.poolSize())
          .withCheckpointMegabytes(fromFile.checkpointMegabytes());
    }
    require(
        fromFile.dataDir() == null, "store.dataDir is only for the embedded H2 store (no jdbcUrl)");
    return new StoreSettings(
        jdbcUrl,
        fromFile.user(),
        fromFile.password(),
        fromFile.poolSize(),
        fromFile.checkpointMegabytes());
  }

  /** {@code path} is relative to the config file's directory. */
  SchemaSettings schema(ConfigSections.SchemaSection fromFile) {
    String path = fromFile.path();
    FragmentSpreads spreads = fromFile.fragmentSpreads();
    return new SchemaSettings(
        path == null ? null : base.resolve(path).normalize(),
        fromFile.model(),
        fromFile.defaultListSize(),
        spreads != null ? spreads : SchemaSettings.defaultFragmentSpreads(fromFile.model()));
  }

  /** {@code auth.jwt.jwksFile} is relative to the config file's directory. */
  JwtSettings jwt(JwtSettings fromFile) {
    return fromFile.resolvedAgainst(base);
  }

  /** Admin tokens without a name are called {@code token<index>}. */
  static List<AdminToken> named(List<AdminToken> tokens) {
    List<AdminToken> named = new ArrayList<>();
    for (AdminToken token : tokens) {
      String name = token.name().isEmpty() ? "token" + named.size() : token.name();
      named.add(new AdminToken(name, token.token(), token.scope()));
    }
    return named;
  }

  /**
   * Policies without a name are called {@code key<index>}.
   *
   * @throws ConfigException when two policies share a name, one is called {@code anonymous}, or a
   *     name is its key (names are shown on unauthenticated routes: {@code GET /v1/price-list},
   *     {@code /metrics}; keys never are)
   */
  static Map<String, KeyPolicy> named(Map<String, KeyPolicy> keys) {
    Map<String, KeyPolicy> named = new LinkedHashMap<>();
    Set<String> taken = new HashSet<>(Set.of(KeyPolicy.ANONYMOUS));
    for (Map.Entry<String, KeyPolicy> entry : keys.entrySet()) {
      String name =
          entry.getValue().name().isEmpty() ? "key" + named.size() : entry.getValue().name();
      require(
          !name.equals(entry.getKey()),
          "keys."
              + entry.getKey()
              + ".name must not be the key itself: policy names are public (GET /v1/price-list)");
      // Budgets are kept per policy name: two keys with one name would share a bucket.
      require(taken.add(name), "keys." + entry.getKey() + ".name must be unique: " + name);
      named.put(entry.getKey(), entry.getValue().transform(policy -> policy.name(name)));
    }
    return named;
  }

  /** The {@code anonymous} section is a policy whose name is fixed. */
  static KeyPolicy anonymous(@Nullable KeyPolicy fromFile) {
    if (fromFile == null) {
      return KeyPolicy.newPolicy(KeyPolicy.ANONYMOUS).build();
    }
    require(fromFile.name().isEmpty(), "unknown config key: anonymous.name");
    return fromFile.transform(policy -> policy.name(KeyPolicy.ANONYMOUS));
  }

  /**
   * The {@code policies} section: policies without a key in the file, for keys issued at runtime
   * (issue 27). Each is named by its member's name.
   *
   * @throws ConfigException when a policy gives a {@code name} of its own, is called {@code
   *     anonymous}, or takes the name of a policy under {@code keys}
   */
  static Map<String, KeyPolicy> policies(
      Map<String, KeyPolicy> policies, Map<String, KeyPolicy> keys) {
    Set<String> taken = new HashSet<>(Set.of(KeyPolicy.ANONYMOUS));
    keys.values().forEach(policy -> taken.add(policy.name()));
    Map<String, KeyPolicy> named = new LinkedHashMap<>();
    for (Map.Entry<String, KeyPolicy> entry : policies.entrySet()) {
      String name = entry.getKey();
      KeyPolicy policy = entry.getValue();
      require(
          policy.name().isEmpty(),
          "policies." + name + ".name must be left out: the policy is called " + name);
      require(
          taken.add(name),
          "policies." + name + " must have a name of its own: " + name + " is taken");
      named.put(name, policy.transform(builder -> builder.name(name)));
    }
    return named;
  }

  private static void require(boolean condition, String message) {
    if (!condition) {
      throw new ConfigException(message);
    }
  }
}
