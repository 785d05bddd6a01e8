package dev.tollgate.registry.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.tollgate.registry.error.TollgateException;
import dev.tollgate.registry.policy.InvalidPolicyException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Turns what Jackson reports about a config file into a one-line {@link ConfigException} naming the
 * key.
 */
final class ConfigErrors {

  private ConfigErrors() {}

  /** Not JSON, or a key given twice in one object. */
  static ConfigException describeSyntax(JsonProcessingException e) {
    String duplicate = duplicateKey(e);
    if (duplicate != null) {
      return new ConfigException("duplicate config key: " + duplicate, e);
    }
    JsonLocation at = e.getLocation();
    String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
    return new ConfigException(
        "config is not valid JSON" + where + ": " + firstLine(e.getOriginalMessage()), e);
  }

  private static String firstLine(String message) {
    int end = message.indexOf('\n');
    return end < 0 ? message : message.substring(0, end);
  }

  /**
   * A value that could not be bound to the records: unknown, of the wrong JSON type (shown from
   * {@code root}), or refused by a record's own check.
   */
  static ConfigException describe(IOException e, JsonNode root) {
    if (!(e instanceof JsonMappingException mapping)) {
      return new ConfigException("cannot read config: " + e.getMessage(), e);
    }
    String key = path(mapping.getPath());
    TollgateException invalid = causeOf(e);
    if (invalid != null) {
      String message = String.valueOf(invalid.getMessage());
      if (!key.isEmpty() && !message.startsWith(key + ".")) {
        return new ConfigException(key + "." + message, invalid);
      }
      return invalid instanceof ConfigException config
          ? config
          : new ConfigException(message, invalid);
    }
    if (e instanceof UnrecognizedPropertyException) {
      return new ConfigException("unknown config key: " + key, e);
    }
    if (e instanceof InvalidNullException) {
      return new ConfigException(key + " must not be null", e);
    }
    if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
      return new ConfigException(
          key + " must be " + expected(mismatch.getTargetType(), valueAt(root, mapping)), e);
    }
    return new ConfigException(key + " is invalid: " + firstLine(mapping.getOriginalMessage()), e);
  }

  /**
   * A record's own check: of a feature's settings ({@link IllegalArgumentException}), or of a
   * policy (the core's).
   */
  private static @Nullable TollgateException causeOf(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof ConfigException || cause instanceof InvalidPolicyException) {
        return (TollgateException) cause;
      }
      if (cause instanceof IllegalArgumentException invalid) {
        return new ConfigException(String.valueOf(invalid.getMessage()), invalid);
      }
    }
    return null;
  }

  private static String expected(Class<?> type, @Nullable JsonNode value) {
    String shown = value == null ? "" : ": " + value;
    if (type.isEnum()) {
      return "one of "
          + names(type)
          + (value == null ? "" : ": " + (value.isTextual() ? value.asText() : value));
    }
    if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
      return "an integer" + shown;
    }
    if (type == Double.class || type == double.class) {
      return "a number" + shown;
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false" + shown;
    }
    if (type == String.class) {
      return "a string" + shown;
    }
    return Collection.class.isAssignableFrom(type) ? "an array" : "an object";
  }

  private static String names(Class<?> type) {
    List<String> names = new ArrayList<>();
    for (Object constant : type.getEnumConstants()) {
      names.add(((Enum<?>) constant).name().toLowerCase(Locale.ROOT));
    }
    return names.toString();
  }

  /** {@code keys.web.limits.depth}, {@code adminTokens[0].token}. */
  private static String path(List<JsonMappingException.Reference> references) {
    StringBuilder path = new StringBuilder();
    for (JsonMappingException.Reference reference : references) {
      if (reference.getFieldName() != null) {
        path.append(path.isEmpty() ? "" : ".").append(reference.getFieldName());
      } else if (reference.getIndex() >= 0) {
        path.append('[').append(reference.getIndex()).append(']');
      }
    }
    return path.toString();
  }

  private static @Nullable JsonNode valueAt(JsonNode root, JsonMappingException e) {
    JsonNode node = root;
    for (JsonMappingException.Reference reference : e.getPath()) {
      node =
          reference.getFieldName() != null
              ? node.get(reference.getFieldName())
              : node.get(reference.getIndex());
      if (node == null) {
        return null;
      }
    }
    return node.isContainerNode() ? null : node;
  }

  /** Jackson reports a repeated key as a parse error; its parser still knows where it was. */
  private static @Nullable String duplicateKey(JsonProcessingException e) {
    if (!(e.getProcessor() instanceof JsonParser parser)
        || !e.getOriginalMessage().startsWith("Duplicate field")) {
      return null;
    }
    Deque<String> names = new ArrayDeque<>();
    for (JsonStreamContext context = parser.getParsingContext();
        context != null;
        context = context.getParent()) {
      if (context.inObject() && context.getCurrentName() != null) {
        names.push(context.getCurrentName());
      } else if (context.inArray()) {
        names.push("[" + context.getCurrentIndex() + "]");
      }
    }
    return String.join(".", names).replace(".[", "[");
  }
}
