package dev.tollgate.registry.config;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Reads a JSON config file into a {@link ServerConfig}: each feature's settings bound over its
 * defaults ({@link SettingsBinder}), composed by {@link ConfigSections}. Every key is optional
 * except where the README says otherwise. An unknown key, a key given twice and a value of the
 * wrong type are errors naming the key, so a typo never passes silently; no value is converted from
 * another JSON type.
 */
public final class ConfigLoader {

  private static final JsonMapper JSON =
      JsonMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(
              DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
              DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS,
              DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
          .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .withCoercionConfig(
              LogicalType.Textual,
              strings ->
                  strings
                      .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
          .withCoercionConfig(
              LogicalType.Boolean,
              booleans -> booleans.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail))
          .defaultSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL))
          .build();

  private ConfigLoader() {}

  /**
   * @param portOverride the {@code --port} given, negative when none was
   * @param dataDir the {@code --data-dir} given, which wins over the file's {@code store.dataDir};
   *     {@code null} when none was
   * @throws ConfigException when the file cannot be read, is not JSON, or has an unknown, repeated
   *     or badly typed key or a value out of range
   */
  public static ServerConfig load(Path file, int portOverride, @Nullable Path dataDir) {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new ConfigException("config file not found: " + file.toAbsolutePath(), e);
    } catch (IOException e) {
      throw new ConfigException("cannot read config file " + file.toAbsolutePath() + ": " + e, e);
    }
    // An absolute file path always has a parent folder.
    Path base = Objects.requireNonNull(file.toAbsolutePath().getParent(), "config file folder");
    return parse(text, portOverride, dataDir, base);
  }

  static ServerConfig parse(String text, int portOverride, @Nullable Path dataDir, Path base) {
    JsonNode root = readTree(text);
    if (!root.isObject()) {
      throw new ConfigException("config must be an object");
    }
    try {
      return ConfigSections.compose(
          new SettingsBinder(JSON, root), root, new ConfigFile(portOverride, dataDir, base));
    } catch (IllegalArgumentException e) {
      // a feature's own check, of settings composed outside the binder (the store's)
      throw new ConfigException(String.valueOf(e.getMessage()), e);
    }
  }

  private static JsonNode readTree(String text) {
    try {
      return JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw ConfigErrors.describeSyntax(e);
    }
  }
}
