package dev.tollgate.registry.gateway;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.util.Arrays;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The response cache's canonical JSON of the common variables, written without Jackson's map
 * serializer (which sorts through a {@code TreeMap} and walks its serializer look-ups: a tenth of a
 * cached GET): an object of at most eight strings, integers, booleans and nulls, its keys in order.
 * The text is the one Jackson writes for the same map with {@code ORDER_MAP_ENTRIES_BY_KEYS}
 * ({@code FlatVariablesTest}); anything else (nested values, fractions, more entries) is left to
 * Jackson.
 */
final class FlatVariables {

  private static final int MAX_ENTRIES = 8;

  private FlatVariables() {}

  /** The canonical JSON of {@code variables}, or {@code null} when it is not flat. */
  static @Nullable String json(Map<String, @Nullable Object> variables) {
    int size = variables.size();
    if (size > MAX_ENTRIES) {
      return null;
    }
    String[] names = new String[size];
    int i = 0;
    for (Map.Entry<String, @Nullable Object> entry : variables.entrySet()) {
      if (!scalar(entry.getValue())) {
        return null;
      }
      names[i++] = entry.getKey();
    }
    if (size > 1) {
      Arrays.sort(names);
    }
    JsonStringEncoder encoder = JsonStringEncoder.getInstance();
    StringBuilder out = new StringBuilder(16 * size + 2).append('{');
    for (int n = 0; n < size; n++) {
      if (n > 0) {
        out.append(',');
      }
      out.append('"');
      encoder.quoteAsString(names[n], out);
      out.append("\":");
      Object value = variables.get(names[n]);
      if (value instanceof String text) {
        out.append('"');
        encoder.quoteAsString(text, out);
        out.append('"');
      } else {
        out.append(value); // an Integer, Long or Boolean, or null
      }
    }
    return out.append('}').toString();
  }

  private static boolean scalar(@Nullable Object value) {
    return value == null
        || value instanceof String
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Boolean;
  }
}
