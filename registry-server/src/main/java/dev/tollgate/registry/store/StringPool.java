package dev.tollgate.registry.store;

import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Equal strings shared by value while a registry's worth of rows is held: a million operations read
 * from the store carry a few apps, versions and schema fingerprints, and their prices repeat by
 * shape, but each row's strings are new instances. {@link #share} hands back the first instance of
 * each value. The pool stops growing at its capacity (values past it are returned as they are), so
 * that a registry of distinct values costs at most that many entries more. Thread-safe.
 */
public final class StringPool {

  /** The capacity of a repricing's pools: enough for every shape of price in a large registry. */
  public static final int REPRICING_CAPACITY = 1 << 16;

  private final int capacity;
  private final ConcurrentHashMap<String, String> values = new ConcurrentHashMap<>();

  public StringPool(int capacity) {
    this.capacity = capacity;
  }

  /** {@link #share}, null for null. */
  public @Nullable String shareNullable(@Nullable String value) {
    return value == null ? null : share(value);
  }

  /** The pool's instance equal to {@code value}, or {@code value}, held from now on if room. */
  public String share(String value) {
    String held = values.get(value);
    if (held != null) {
      return held;
    }
    if (values.size() >= capacity) {
      return value;
    }
    held = values.putIfAbsent(value, value);
    return held == null ? value : held;
  }

  /** How many values the pool holds. */
  public int size() {
    return values.size();
  }
}
