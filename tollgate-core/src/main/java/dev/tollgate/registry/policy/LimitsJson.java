package dev.tollgate.registry.policy;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.tollgate.registry.limit.Limit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Binds a policy's {@code limits} object by iterating the {@link Limit} table: each key is a table
 * entry's, a key not given keeps its default, an unknown key is refused naming its path (as Jackson
 * refuses one of a record), and a value of the wrong type is refused naming the type.
 */
final class LimitsJson extends StdDeserializer<Limits> {

  LimitsJson() {
    super(Limits.class);
  }

  @Override
  public Limits deserialize(JsonParser parser, DeserializationContext context) throws IOException {
    if (!parser.isExpectedStartObjectToken()) {
      return (Limits) context.handleUnexpectedToken(Limits.class, parser);
    }
    long[] values = Limits.BOOK.values();
    for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
      Limit limit = Limit.ofKey(key);
      if (limit == null) {
        throw UnrecognizedPropertyException.from(parser, Limits.class, key, keys());
      }
      parser.nextToken();
      Number value = read(parser, context, limit);
      if (value != null) {
        values[limit.ordinal()] = value.longValue();
      }
    }
    return Limits.of(values);
  }

  /** The value of {@code limit}: an int, or for the cost a long; null keeps the default. */
  private static @Nullable Number read(
      JsonParser parser, DeserializationContext context, Limit limit) throws IOException {
    if (parser.currentToken() == JsonToken.VALUE_NULL) {
      return null;
    }
    Class<? extends Number> type = limit.maximum() > Integer.MAX_VALUE ? Long.class : Integer.class;
    try {
      return context.readValue(parser, type);
    } catch (JsonMappingException e) {
      e.prependPath(Limits.class, limit.key());
      throw e;
    }
  }

  private static List<Object> keys() {
    List<Object> keys = new ArrayList<>();
    for (Limit limit : Limit.all()) {
      keys.add(limit.key());
    }
    return keys;
  }
}
