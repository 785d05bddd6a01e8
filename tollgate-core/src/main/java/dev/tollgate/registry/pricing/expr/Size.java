package dev.tollgate.registry.pricing.expr;

import java.util.Arrays;
import java.util.Map;

/** A list size ({@link Expr#size}); equal when its sources (by content) and fallback are. */
record Size(boolean largest, Source[] sources, Expr fallback) implements Expr {
  @Override
  public boolean equals(Object other) {
    return other instanceof Size size
        && largest == size.largest
        && Arrays.equals(sources, size.sources)
        && fallback.equals(size.fallback);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * Boolean.hashCode(largest) + Arrays.hashCode(sources)) + fallback.hashCode();
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    print(out);
    return out.toString();
  }

  @Override
  public long eval(Map<String, ?> vars) {
    long requested = Source.requested(Arrays.asList(sources), largest, vars);
    return requested == Source.ABSENT ? Math.max(0, fallback.eval(vars)) : requested;
  }

  @Override
  public void print(StringBuilder out) {
    out.append(largest ? "(largest " : "(first ");
    fallback.print(out);
    for (Source source : sources) {
      out.append(' ');
      source.print(out);
    }
    out.append(')');
  }
}
