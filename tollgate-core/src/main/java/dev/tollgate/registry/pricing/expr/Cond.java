package dev.tollgate.registry.pricing.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A condition of a price expression: whether a selection runs ({@code @include}/{@code @skip}) or
 * whether a fragment spread is the first live one. The factories fold constants, so a document
 * without variables compiles to {@link #TRUE} and {@link #FALSE} only. Conditions are values: equal
 * when they print the same.
 */
public sealed interface Cond permits Cond.Constant, Cond.Var, Cond.Not, Cond.Junction {

  Cond TRUE = Constant.TRUE;
  Cond FALSE = Constant.FALSE;

  boolean test(Map<String, ?> vars);

  void print(StringBuilder out);

  static Cond of(boolean value) {
    return value ? TRUE : FALSE;
  }

  static Cond var(String name) {
    return new Var(name);
  }

  static Cond not(Cond cond) {
    if (cond instanceof Constant constant) {
      return of(constant == Constant.FALSE);
    }
    if (cond instanceof Not not) {
      return not.cond;
    }
    return new Not(cond);
  }

  static Cond and(Cond a, Cond b) {
    if (FALSE.equals(a) || FALSE.equals(b)) {
      return FALSE;
    }
    if (TRUE.equals(a)) {
      return b;
    }
    return TRUE.equals(b) ? a : new All(new Cond[] {a, b});
  }

  static Cond or(List<Cond> conds) {
    List<Cond> open = new ArrayList<>();
    for (Cond cond : conds) {
      if (TRUE.equals(cond)) {
        return TRUE;
      }
      if (!FALSE.equals(cond)) {
        open.add(cond);
      }
    }
    if (open.isEmpty()) {
      return FALSE;
    }
    return open.size() == 1 ? open.get(0) : new Any(open.toArray(Cond[]::new));
  }

  /** The two constants, printed {@code true} and {@code false}. */
  enum Constant implements Cond {
    FALSE,
    TRUE;

    @Override
    public boolean test(Map<String, ?> vars) {
      return this == TRUE;
    }

    @Override
    public void print(StringBuilder out) {
      out.append(name().toLowerCase(Locale.ROOT));
    }
  }

  /** A Boolean variable; absent or null reads as false. */
  record Var(String name) implements Cond {
    @Override
    public boolean test(Map<String, ?> vars) {
      return Boolean.TRUE.equals(vars.get(name));
    }

    @Override
    public void print(StringBuilder out) {
      out.append('$').append(name);
    }
  }

  record Not(Cond cond) implements Cond {
    @Override
    public boolean test(Map<String, ?> vars) {
      return !cond.test(vars);
    }

    @Override
    public void print(StringBuilder out) {
      out.append("(not ");
      cond.print(out);
      out.append(')');
    }
  }

  /** Every condition holds ({@code (and ...)}); the conditions compare by content. */
  final class All extends Junction {
    public All(Cond[] conds) {
      super("and", false, conds);
    }
  }

  /** Some condition holds ({@code (or ...)}); the conditions compare by content. */
  final class Any extends Junction {
    public Any(Cond[] conds) {
      super("or", true, conds);
    }
  }

  /** {@link All} and {@link Any}: stops at the first condition that tests {@code decisive}. */
  abstract sealed class Junction extends ArrayNode<Cond> implements Cond permits All, Any {

    private final boolean decisive;

    Junction(String operator, boolean decisive, Cond[] conds) {
      super(operator, conds);
      this.decisive = decisive;
    }

    @Override
    public final boolean test(Map<String, ?> vars) {
      for (Cond cond : operands) {
        if (cond.test(vars) == decisive) {
          return decisive;
        }
      }
      return !decisive;
    }

    @Override
    final void print(Cond cond, StringBuilder out) {
      cond.print(out);
    }
  }
}
