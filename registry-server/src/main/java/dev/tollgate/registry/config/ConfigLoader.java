package dev.tollgate.registry.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.config.KeyPolicy.Budget;
import dev.tollgate.registry.config.KeyPolicy.Limits;
import dev.tollgate.registry.config.KeyPolicy.Mode;
import dev.tollgate.registry.pricing.CostPreset;
import dev.tollgate.registry.pricing.FragmentSpreads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

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
    Section top = new Section("", root);
    Section http = top.section("http");
    Section store = top.section("store");
    Section schema = top.section("schema");
    Section upstream = top.section("upstream");
    Section gateway = top.section("gateway");
    Section demo = top.section("demo");
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
            gateway.text("redisUrl", null), gateway.integer("refreshMillis", 1_000)),
        keys(top.section("keys")),
        policy("anonymous", top.section("anonymous")),
        new ServerConfig.Demo(demo.bool("publishDemoManifest", false)));
    for (Section section : List.of(http, schema, upstream, gateway, demo, top)) {
      section.rejectUnknown();
    }
    return config;
  }

  private static int port(Section http, int override) {
    int fromFile = http.integer("port", 8080);
    return override >= 0 ? override : fromFile;
  }

  private static ServerConfig.Store store(Section store, Path dataDir) {
    String url = store.text("jdbcUrl", null);
    if (url == null) {
      store.rejectUnknown();
      return ServerConfig.Store.h2In(dataDir);
    }
    ServerConfig.Store result = new ServerConfig.Store(url, store.text("user", ""), store.text("password", ""));
    store.rejectUnknown();
    return result;
  }

  private static List<ServerConfig.AdminToken> adminTokens(List<Section> entries) {
    List<ServerConfig.AdminToken> tokens = new ArrayList<>();
    for (Section entry : entries) {
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

  private static Map<String, KeyPolicy> keys(Section keys) {
    Map<String, KeyPolicy> policies = new LinkedHashMap<>();
    for (String key : keys.fieldNames()) {
      Section entry = keys.section(key);
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

  private static KeyPolicy policy(String name, Section p) {
    Section limits = p.section("limits");
    Section budget = p.section("budget");
    KeyPolicy policy = new KeyPolicy(name,
        p.enumValue("mode", Mode.class, Mode.TRUSTED),
        Set.copyOf(p.strings("apps")),
        p.bool("requireId", false),
        new Limits(limits.integer("tokens", 5000), limits.integer("depth", 15), limits.integer("aliases", 20),
            limits.longValue("cost", 1000)),
        new Budget(budget.longValue("capacity", 10_000), budget.doubleValue("refillPerSecond", 100)),
        p.bool("introspection", false),
        p.integer("cacheMaxAgeSeconds", 60));
    limits.rejectUnknown();
    budget.rejectUnknown();
    p.rejectUnknown();
    return policy;
  }

  /** A JSON object that remembers which keys were read, so the rest can be refused. */
  private static final class Section {
    private final String path;
    private final JsonNode node;
    private final Set<String> read = new HashSet<>();

    Section(String path, @Nullable JsonNode node) {
      if (node != null && !node.isNull() && !node.isObject()) {
        throw new ConfigException((path.isEmpty() ? "config" : path) + " must be an object");
      }
      this.path = path;
      this.node = node == null || node.isNull() ? JSON.createObjectNode() : node;
    }

    String where(String key) {
      return path.isEmpty() ? key : path + "." + key;
    }

    @Nullable JsonNode get(String key) {
      read.add(key);
      JsonNode value = node.get(key);
      return value == null || value.isNull() ? null : value;
    }

    Section section(String key) {
      return new Section(where(key), get(key));
    }

    List<String> fieldNames() {
      List<String> names = new ArrayList<>();
      node.fieldNames().forEachRemaining(names::add);
      return names;
    }

    List<Section> list(String key) {
      JsonNode value = get(key);
      List<Section> sections = new ArrayList<>();
      if (value == null) {
        return sections;
      }
      if (!value.isArray()) {
        throw new ConfigException(where(key) + " must be an array");
      }
      for (int i = 0; i < value.size(); i++) {
        sections.add(new Section(where(key) + "[" + i + "]", value.get(i)));
      }
      return sections;
    }

    List<String> strings(String key) {
      JsonNode value = get(key);
      List<String> strings = new ArrayList<>();
      if (value == null) {
        return strings;
      }
      if (!value.isArray()) {
        throw new ConfigException(where(key) + " must be an array of strings");
      }
      for (JsonNode item : value) {
        strings.add(item.asText());
      }
      return strings;
    }

    @Nullable String text(String key, @Nullable String fallback) {
      JsonNode value = get(key);
      if (value == null) {
        return fallback;
      }
      if (!value.isTextual()) {
        throw new ConfigException(where(key) + " must be a string");
      }
      return value.asText();
    }

    @Nullable Path path(String key, Path base) {
      String value = text(key, null);
      return value == null ? null : base.resolve(value);
    }

    int integer(String key, int fallback) {
      JsonNode value = get(key);
      if (value == null) {
        return fallback;
      }
      if (!value.canConvertToInt() || !value.isIntegralNumber()) {
        throw new ConfigException(where(key) + " must be an integer: " + value);
      }
      return value.intValue();
    }

    long longValue(String key, long fallback) {
      JsonNode value = get(key);
      if (value == null) {
        return fallback;
      }
      if (!value.isIntegralNumber() || !value.canConvertToLong()) {
        throw new ConfigException(where(key) + " must be an integer: " + value);
      }
      return value.longValue();
    }

    double doubleValue(String key, double fallback) {
      JsonNode value = get(key);
      if (value == null) {
        return fallback;
      }
      if (!value.isNumber()) {
        throw new ConfigException(where(key) + " must be a number: " + value);
      }
      return value.doubleValue();
    }

    boolean bool(String key, boolean fallback) {
      JsonNode value = get(key);
      if (value == null) {
        return fallback;
      }
      if (!value.isBoolean()) {
        throw new ConfigException(where(key) + " must be true or false: " + value);
      }
      return value.booleanValue();
    }

    <E extends Enum<E>> E enumValue(String key, Class<E> type, E fallback) {
      String value = text(key, null);
      if (value == null) {
        return fallback;
      }
      try {
        return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new ConfigException(where(key) + " must be one of " + names(type) + ": " + value);
      }
    }

    void rejectUnknown() {
      Iterator<String> names = node.fieldNames();
      while (names.hasNext()) {
        String name = names.next();
        if (!read.contains(name)) {
          throw new ConfigException("unknown config key: " + where(name));
        }
      }
    }

    private static <E extends Enum<E>> String names(Class<E> type) {
      List<String> names = new ArrayList<>();
      for (E constant : type.getEnumConstants()) {
        names.add(constant.name().toLowerCase(Locale.ROOT));
      }
      return names.toString();
    }
  }
}
