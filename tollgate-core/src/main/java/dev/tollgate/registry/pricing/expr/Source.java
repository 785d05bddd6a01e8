package dev.tollgate.registry.pricing.expr;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Where a slicing argument's value comes from: a constant known at compile time, or a request
 * variable (optionally a path into an input object variable) with the value to use when the
 * variable is absent (the schema default, or none). Equal when variable, path and constant are.
 */
public final class Source {

  /** No value: absent, explicit null, or not a number or list. */
  public static final long ABSENT = Long.MIN_VALUE;

  private final @Nullable String variable;
  private final String path;
  private final String[] steps;
  private final long constant;

  private Source(@Nullable String variable, String path, long constant) {
    this.variable = variable;
    this.path = path;
    this.steps = path.isEmpty() ? new String[0] : path.split("\\.");
    this.constant = constant;
  }

  public long constant() {
    return constant;
  }

  public static Source constant(long value) {
    return new Source(null, "", value);
  }

  public static Source variable(String name, String path, long ifAbsent) {
    return new Source(name, path, ifAbsent);
  }

  public boolean isConstant() {
    return variable == null;
  }

  public long resolve(Map<String, ?> vars) {
    if (variable == null || !vars.containsKey(variable)) {
      return constant;
    }
    return valueOf(navigate(vars.get(variable)));
  }

  private @Nullable Object navigate(@Nullable Object value) {
    Object current = value;
    for (String step : steps) {
      if (!(current instanceof Map<?, ?> map)) {
        return null;
      }
      current = map.get(step);
    }
    return current;
  }

  /**
   * The size {@code sources} ask for in {@code vars}: the first one given, or with {@code largest}
   * the largest (book: the first present slicing argument; apollo: the largest), never negative;
   * {@link #ABSENT} when none is given. The one rule of a list's size and of a plan's slot.
   */
  public static long requested(Iterable<Source> sources, boolean largest, Map<String, ?> vars) {
    long chosen = ABSENT;
    for (Source source : sources) {
      long value = source.resolve(vars);
      if (value != ABSENT && !largest) {
        return Math.max(0, value);
      }
      chosen = Math.max(chosen, value);
    }
    return chosen == ABSENT ? ABSENT : Math.max(0, chosen);
  }

  /** A number counts its value, a list its length; anything else is no value. */
  public static long valueOf(@Nullable Object value) {
    if (value instanceof Number number) {
      return number.longValue();
    }
    if (value instanceof List<?> list) {
      return list.size();
    }
    return ABSENT;
  }

  public void print(StringBuilder out) {
    if (variable == null) {
      out.append(constant == ABSENT ? "none" : Long.toString(constant));
      return;
    }
    out.append("(var $")
        .append(variable)
        .append(' ')
        .append(path.isEmpty() ? "." : path)
        .append(' ');
    out.append(constant == ABSENT ? "none" : Long.toString(constant)).append(')');
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Source source
        && Objects.equals(variable, source.variable)
        && path.equals(source.path)
        && constant == source.constant;
  }

  @Override
  public int hashCode() {
    return Objects.hash(variable, path, constant);
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    print(out);
    return out.toString();
  }
}
