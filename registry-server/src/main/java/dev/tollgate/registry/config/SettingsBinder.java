package dev.tollgate.registry.config;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Binds a feature's settings record from its part of a config file, over its defaults: the given
 * keys are laid over the defaults' JSON tree (a key left out, or {@code null}, keeps the default)
 * and the record's canonical constructor is called by Jackson, so its compact constructor
 * validates. A key no record of the section holds is refused naming its full path ({@code unknown
 * config key: gateway.openCacheSize}); a value of the wrong type names its path too.
 */
final class SettingsBinder {

  private final JsonMapper json;
  private final JsonNode root;

  /**
   * @param json the strict mapper ({@link ConfigLoader}): no coercion, duplicates refused
   * @param root the whole file, to show a wrong value from
   */
  SettingsBinder(JsonMapper json, JsonNode root) {
    this.json = json;
    this.root = root;
  }

  /**
   * The record {@code defaults} with the keys of {@code given} laid over it.
   *
   * @param path where {@code given} is in the file ({@code gateway}, {@code adminTokens[0]})
   * @param given the section, or {@code null} when the file has none
   */
  <T extends Record> T bind(String path, @Nullable JsonNode given, T defaults) {
    @SuppressWarnings("unchecked")
    Class<T> type = (Class<T>) defaults.getClass();
    return bind(path, given, type, tree(defaults));
  }

  /** As {@link #bind(String, JsonNode, Record)}, over a defaults tree. */
  <T extends Record> T bind(
      String path, @Nullable JsonNode given, Class<T> type, ObjectNode defaults) {
    ObjectNode merged = defaults.deepCopy();
    if (given != null && !given.isNull()) {
      requireObject(path, given);
      for (Map.Entry<String, JsonNode> field : given.properties()) {
        if (merged.has(field.getKey()) && !field.getValue().isNull()) {
          merged.set(field.getKey(), field.getValue());
        }
      }
    }
    return read(path, merged, type);
  }

  /** Reads {@code node} as {@code type}, an error naming the key under {@code path}. */
  <T> T read(String path, JsonNode node, Class<T> type) {
    try {
      return json.readerFor(type).readValue(node);
    } catch (IOException e) {
      throw ConfigErrors.describe(prefixed(e, path), root);
    }
  }

  /** Reads {@code node} as {@code type}, an error naming the key under {@code path}. */
  <T> T read(String path, JsonNode node, TypeReference<T> type) {
    try {
      return json.readerFor(type).readValue(node);
    } catch (IOException e) {
      throw ConfigErrors.describe(prefixed(e, path), root);
    }
  }

  /**
   * Refuses a key of {@code given} that is none of {@code keys}, naming it in full: {@code unknown
   * config key: gateway.batchin}.
   */
  static void refuseUnknown(String path, JsonNode given, Set<String> keys) {
    if (!given.isObject()) {
      return;
    }
    Iterator<String> names = given.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      if (!keys.contains(name)) {
        throw new ConfigException(
            "unknown config key: " + (path.isEmpty() ? name : path + "." + name));
      }
    }
  }

  static void requireObject(String path, JsonNode given) {
    if (!given.isObject()) {
      throw new ConfigException(path + " must be an object");
    }
  }

  /** The record's components as a JSON object, each by its name: the keys it owns. */
  ObjectNode tree(Record settings) {
    ObjectNode tree = json.createObjectNode();
    for (RecordComponent component : settings.getClass().getRecordComponents()) {
      tree.set(component.getName(), json.valueToTree(value(settings, component)));
    }
    return tree;
  }

  private static @Nullable Object value(Record settings, RecordComponent component) {
    try {
      component.getAccessor().setAccessible(true);
      return component.getAccessor().invoke(settings);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + component, e);
    }
  }

  private static IOException prefixed(IOException e, String path) {
    if (e instanceof JsonMappingException mapping && !path.isEmpty()) {
      prepend(mapping, path);
    }
    return e;
  }

  /** {@code adminTokens[0]} is two references: the field, then the index. */
  private static void prepend(JsonMappingException e, String path) {
    String[] fields = path.split("\\.");
    for (int i = fields.length - 1; i >= 0; i--) {
      String field = fields[i];
      int bracket = field.indexOf('[');
      if (bracket < 0) {
        e.prependPath(new JsonMappingException.Reference(null, field));
        continue;
      }
      e.prependPath(
          new JsonMappingException.Reference(
              null, Integer.parseInt(field.substring(bracket + 1, field.length() - 1))));
      e.prependPath(new JsonMappingException.Reference(null, field.substring(0, bracket)));
    }
  }
}
