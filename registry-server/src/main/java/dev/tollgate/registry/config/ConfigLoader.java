package dev.tollgate.registry.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.config.KeyPolicy.Budget;
import dev.tollgate.registry.config.KeyPolicy.Enforcement;
import dev.tollgate.registry.config.KeyPolicy.Limits;
import dev.tollgate.registry.config.KeyPolicy.Mode;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a JSON config file into a {@link ServerConfig}. Every key is optional except where the
 * README says otherwise; an unknown key is an error naming it, so a typo never passes silently.
 */
public final class ConfigLoader {

  private static final ObjectMapper JSON = new ObjectMapper();

  private ConfigLoader() {}

  /**
   * @throws ConfigException when the file cannot be read, is not JSON, has an unknown key or a bad value
   */
  public static ServerConfig load(Path file, int portOverride, Path dataDir) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new ConfigException("cannot read config file " + file + ": " + e.getMessage(), e);
    }
    Path base = file.toAbsolutePath().getParent();
    return parse(text, portOverride, dataDir, base);
  }

  static ServerConfig parse(String text, int portOverride, Path dataDir, Path base) {
    JsonNode root;
    try {
      root = JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new ConfigException("config is not valid JSON: " + e.getOriginalMessage(), e);
    }
    ConfigSection top = ConfigSection.root(root);
    ConfigSection http = top.section("http");
    ConfigSection store = top.section("store");
    ConfigSection schema = top.section("schema");
    ConfigSection upstream = top.section("upstream");
    ConfigSection gateway = top.section("gateway");
    ConfigSection demo = top.section("demo");
    ServerConfig config = new ServerConfig(
        new ServerConfig.Http(port(http, portOverride),
            http.longValue("maxBodyBytes", 1_000_000)),
        store(store, dataDir),
        new ServerConfig.Schema(schema.path("path", base),
            schema.enumValue("model", CostPreset.class, CostPreset.BOOK),
            schema.integer("defaultListSize", 10),
            schema.enumValue("fragmentSpreads", FragmentSpreads.class, FragmentSpreads.FIRST)),
        new ServerConfig.Upstream(upstream.text("url", null), upstream.integer("timeoutMillis", 5_000)),
        adminTokens(top.list("adminTokens")),
        new ServerConfig.Gateway(gateway.bool("batching", false), gateway.integer("maxBatchOperations", 10),
            gateway.integer("openCacheSize", 10_000),
            gateway.enumValue("budgetStore", ServerConfig.BudgetStore.class, ServerConfig.BudgetStore.MEMORY),
            gateway.text("redisUrl", null), gateway.integer("refreshMillis", 1_000),
            gateway.longValue("responseCacheBytes", ServerConfig.Gateway.DEFAULT_RESPONSE_CACHE_BYTES)),
        keys(top.section("keys")),
        policy("anonymous", top.section("anonymous")),
        new ServerConfig.Demo(demo.bool("publishDemoManifest", false)));
    for (ConfigSection section : List.of(http, schema, upstream, gateway, demo, top)) {
      section.rejectUnknown();
    }
    return config;
  }

  private static int port(ConfigSection http, int override) {
    int fromFile = http.integer("port", 8080);
    return override >= 0 ? override : fromFile;
  }

  private static ServerConfig.Store store(ConfigSection store, Path dataDir) {
    String url = store.text("jdbcUrl", null);
    if (url == null) {
      store.rejectUnknown();
      return ServerConfig.Store.h2In(dataDir);
    }
    ServerConfig.Store result = new ServerConfig.Store(url, store.text("user", ""), store.text("password", ""));
    store.rejectUnknown();
    return result;
  }

  private static List<ServerConfig.AdminToken> adminTokens(List<ConfigSection> entries) {
    List<ServerConfig.AdminToken> tokens = new ArrayList<>();
    for (ConfigSection entry : entries) {
      String token = entry.text("token", null);
      if (token == null) {
        throw new ConfigException(entry.where("token") + " is required");
      }
      tokens.add(new ServerConfig.AdminToken(entry.text("name", "token" + tokens.size()), token,
          entry.enumValue("scope", ServerConfig.Scope.class, ServerConfig.Scope.PUBLISH)));
      entry.rejectUnknown();
    }
    return tokens;
  }

  private static Map<String, KeyPolicy> keys(ConfigSection keys) {
    Map<String, KeyPolicy> policies = new LinkedHashMap<>();
    for (String key : keys.fieldNames()) {
      ConfigSection entry = keys.section(key);
      KeyPolicy policy = policy(entry.text("name", "key" + policies.size()), entry);
      boolean nameTaken = policy.name().equals("anonymous")
          || policies.values().stream().anyMatch(p -> p.name().equals(policy.name()));
      if (nameTaken) {
        // Budgets are kept per policy name: two keys with one name would share a bucket.
        throw new ConfigException("keys." + key + ".name must be unique: " + policy.name());
      }
      policies.put(key, policy);
    }
    keys.rejectUnknown();
    return policies;
  }

  private static KeyPolicy policy(String name, ConfigSection p) {
    ConfigSection limits = p.section("limits");
    ConfigSection budget = p.section("budget");
    KeyPolicy policy = new KeyPolicy(name,
        p.enumValue("mode", Mode.class, Mode.TRUSTED),
        Set.copyOf(p.strings("apps")),
        p.bool("requireId", false),
        new Limits(limits.integer("tokens", 5000), limits.integer("depth", 15), limits.integer("aliases", 20),
            limits.longValue("cost", 1000)),
        p.enumValue("enforcement", Enforcement.class, Enforcement.ENFORCE),
        new Budget(budget.longValue("capacity", 10_000), budget.doubleValue("refillPerSecond", 100)),
        p.bool("introspection", false),
        p.integer("cacheMaxAgeSeconds", 60));
    limits.rejectUnknown();
    budget.rejectUnknown();
    p.rejectUnknown();
    return policy;
  }
}
