package dev.tollgate.registry.pricing;

import java.util.AbstractMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The coerced variables of one request on the fast path: the operation's names (shared) and one
 * array of values, with {@link #ABSENT} for a variable not given and without a default. Lookups
 * scan a handful of names, which beats hashing and allocates one array per request.
 */
final class CoercedVariables extends AbstractMap<String, @Nullable Object> {

  static final Object ABSENT = new Object();

  private final String[] names;
  private final @Nullable Object[] values;

  CoercedVariables(String[] names, @Nullable Object[] values) {
    this.names = names;
    this.values = values;
  }

  private int index(@Nullable Object name) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return values[i] == ABSENT ? -1 : i;
      }
    }
    return -1;
  }

  @Override
  public boolean containsKey(@Nullable Object name) {
    return index(name) >= 0;
  }

  @Override
  public @Nullable Object get(@Nullable Object name) {
    int i = index(name);
    return i < 0 ? null : values[i];
  }

  @Override
  public Set<Entry<String, @Nullable Object>> entrySet() {
    Map<String, @Nullable Object> present = new LinkedHashMap<>();
    for (int i = 0; i < names.length; i++) {
      if (values[i] != ABSENT) {
        present.put(names[i], values[i]);
      }
    }
    return present.entrySet();
  }
}
