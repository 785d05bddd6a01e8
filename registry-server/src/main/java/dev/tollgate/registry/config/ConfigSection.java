package dev.tollgate.registry.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** A JSON object that remembers which keys were read, so the rest can be refused. */
final class ConfigSection {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final String path;
  private final JsonNode node;
  private final Set<String> read = new HashSet<>();

  static ConfigSection root(JsonNode node) {
    return new ConfigSection("", node);
  }

  private ConfigSection(String path, @Nullable JsonNode node) {
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

  ConfigSection section(String key) {
    return new ConfigSection(where(key), get(key));
  }

  List<String> fieldNames() {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  List<ConfigSection> list(String key) {
    JsonNode value = get(key);
    List<ConfigSection> sections = new ArrayList<>();
    if (value == null) {
      return sections;
    }
    if (!value.isArray()) {
      throw new ConfigException(where(key) + " must be an array");
    }
    for (int i = 0; i < value.size(); i++) {
      sections.add(new ConfigSection(where(key) + "[" + i + "]", value.get(i)));
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
