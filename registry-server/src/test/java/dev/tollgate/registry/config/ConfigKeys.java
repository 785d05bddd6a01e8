package dev.tollgate.registry.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.tollgate.registry.limit.Limit;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.policy.Limits;
import java.lang.reflect.Executable;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The key paths a config file may hold, read from the settings records of each section ({@link
 * ConfigSections#SECTIONS}) and from the {@code @JsonCreator}s of the policies, so a key added to a
 * record is here without anyone listing it. A path is dotted, with {@code <key>} for a map's keys
 * and {@code []} for a list's elements: {@code upstream.timeoutMillis}, {@code
 * keys.<key>.limits.tokens}, {@code adminTokens[].token}.
 */
final class ConfigKeys {

  /** A {@link #LEAF} holds a value, a {@link #GROUP} more keys. */
  enum Kind {
    LEAF,
    GROUP,
    /** A group whose record was met at an earlier path: its keys are described there. */
    SAME_AS_EARLIER
  }

  private final Map<String, Kind> paths = new LinkedHashMap<>();
  private final Set<Class<?>> walked = new HashSet<>();

  private ConfigKeys() {}

  /** Every path of a config file: its sections', then the admin tokens' and the policies'. */
  static Map<String, Kind> of() {
    ConfigKeys keys = new ConfigKeys();
    for (Map.Entry<String, List<Record>> section : ConfigSections.SECTIONS.entrySet()) {
      keys.paths.put(section.getKey(), Kind.GROUP);
      for (Record settings : section.getValue()) {
        keys.walk(settings.getClass(), section.getKey() + ".");
      }
    }
    keys.group(ConfigSections.ADMIN_TOKENS + "[]", ConfigSections.adminTokenDefaults().getClass());
    keys.group(ConfigSections.KEYS + ".<key>", KeyPolicy.class);
    keys.group(ConfigSections.ANONYMOUS, KeyPolicy.class);
    keys.group(ConfigSections.POLICIES + ".<name>", KeyPolicy.class);
    return keys.paths;
  }

  /** The paths that hold a value, or a group described at an earlier path. */
  static List<String> leaves(Map<String, Kind> paths) {
    List<String> leaves = new ArrayList<>();
    for (Map.Entry<String, Kind> path : paths.entrySet()) {
      if (path.getValue() != Kind.GROUP) {
        leaves.add(path.getKey());
      }
    }
    return leaves;
  }

  /**
   * The keys of {@code type}: its creator's {@code @JsonProperty} parameters (the others are
   * injected), or, for a record without one, its components, as Jackson binds it.
   */
  private void walk(Class<?> type, String prefix) {
    walked.add(type);
    Executable creator = creator(type);
    if (creator == null) {
      for (RecordComponent component : type.getRecordComponents()) {
        key(prefix + component.getName(), component.getGenericType());
      }
      return;
    }
    for (Parameter parameter : creator.getParameters()) {
      JsonProperty property = parameter.getAnnotation(JsonProperty.class);
      if (property != null) {
        key(prefix + property.value(), parameter.getParameterizedType());
      }
    }
  }

  private void key(String path, Type type) {
    if (type == Limits.class) {
      limits(path);
    } else if (type instanceof Class<?> value && isGroup(value)) {
      group(path, value);
    } else if (type instanceof ParameterizedType generic
        && generic.getRawType() instanceof Class<?> raw
        && Map.class.isAssignableFrom(raw)
        && generic.getActualTypeArguments()[1] instanceof Class<?> value
        && isGroup(value)) {
      group(path + ".<key>", value);
    } else if (type instanceof ParameterizedType generic
        && generic.getRawType() instanceof Class<?> raw
        && Collection.class.isAssignableFrom(raw)
        && generic.getActualTypeArguments()[0] instanceof Class<?> element
        && isGroup(element)) {
      group(path + "[]", element);
    } else {
      paths.put(path, Kind.LEAF);
    }
  }

  /** A policy's limits are bound by iterating the {@link Limit} table: its keys are the table's. */
  private void limits(String path) {
    paths.put(path, Kind.GROUP);
    for (Limit limit : Limit.all()) {
      paths.put(path + "." + limit.key(), Kind.LEAF);
    }
  }

  private void group(String path, Class<?> type) {
    if (walked.contains(type)) {
      paths.put(path, Kind.SAME_AS_EARLIER);
      return;
    }
    paths.put(path, Kind.GROUP);
    walk(type, path + ".");
  }

  private static boolean isGroup(Class<?> type) {
    return type.isRecord();
  }

  private static @Nullable Executable creator(Class<?> type) {
    return Stream.concat(
            Stream.of(type.getDeclaredMethods()), Stream.of(type.getDeclaredConstructors()))
        .filter(candidate -> candidate.isAnnotationPresent(JsonCreator.class))
        .findFirst()
        .orElse(null);
  }
}
