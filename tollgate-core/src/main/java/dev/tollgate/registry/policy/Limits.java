package dev.tollgate.registry.policy;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.tollgate.registry.limit.Limit;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;

/**
 * One value for each entry of the {@link Limit} table, the defaults ({@link #BOOK}) being the
 * table's. Read with {@link #get(Limit)}; bound from a policy's {@code limits} object by {@link
 * LimitsJson}, which iterates the table.
 */
@JsonDeserialize(using = LimitsJson.class)
public final class Limits {

  /** Every limit at its default: the book's tokens, depth, aliases and cost, and the others'. */
  public static final Limits BOOK = defaults();

  private final long[] values;

  private Limits(long[] values) {
    for (Limit limit : Limit.all()) {
      long value = values[limit.ordinal()];
      if (value < limit.minimum()) {
        throw new InvalidPolicyException(
            limit.key()
                + (limit.minimum() > 0 ? " must be positive: " : " must not be negative: ")
                + value);
      }
      if (value > limit.maximum()) {
        throw new InvalidPolicyException(
            limit.key() + " must be at most " + limit.maximum() + ": " + value);
      }
    }
    this.values = values;
  }

  private static Limits defaults() {
    long[] values = new long[Limit.all().size()];
    for (Limit limit : Limit.all()) {
      values[limit.ordinal()] = limit.defaultValue();
    }
    return new Limits(values);
  }

  /** These limits with {@code limit} at {@code value}. */
  public Limits with(Limit limit, long value) {
    long[] changed = values.clone();
    changed[limit.ordinal()] = value;
    return new Limits(changed);
  }

  /** The value of {@code limit}; no allocation, read on every request. */
  public long get(Limit limit) {
    return values[limit.ordinal()];
  }

  /**
   * Every limit by its config key, in table order: what the price list and the operator API show,
   * and how a policy is written back as JSON.
   */
  @JsonValue
  public Map<String, Long> byKey() {
    Map<String, Long> byKey = new LinkedHashMap<>();
    for (Limit limit : Limit.all()) {
      byKey.put(limit.key(), get(limit));
    }
    return Collections.unmodifiableMap(byKey);
  }

  /** The token limit, which registration and the {@code price} command read documents under. */
  public int tokens() {
    return (int) get(Limit.TOKENS);
  }

  /** The cost limit, the one limit a registered document is held to under a trusted policy. */
  public long cost() {
    return get(Limit.COST);
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof Limits limits && Arrays.equals(values, limits.values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    StringJoiner joiner = new StringJoiner(", ", "Limits[", "]");
    for (Limit limit : Limit.all()) {
      joiner.add(limit.key() + "=" + get(limit));
    }
    return joiner.toString();
  }

  /** Built by {@link LimitsJson} from the values it read, validated here. */
  static Limits of(long[] values) {
    return new Limits(values.clone());
  }

  /** The values, a copy, for {@link LimitsJson} to start from. */
  long[] values() {
    return values.clone();
  }
}
