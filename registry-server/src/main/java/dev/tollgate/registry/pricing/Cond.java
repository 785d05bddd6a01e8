package dev.tollgate.registry.pricing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A condition of a price expression: whether a selection runs ({@code @include}/{@code @skip}) or
 * whether a fragment spread is the first live one. The factories fold constants, so a document
 * without variables compiles to {@link #TRUE} and {@link #FALSE} only.
 */
sealed interface Cond permits Cond.Constant, Cond.Var, Cond.Not, Cond.All, Cond.Any {

  Cond TRUE = new Constant(true);
  Cond FALSE = new Constant(false);

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
      return of(!constant.value);
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

  record Constant(boolean value) implements Cond {
    @Override
    public boolean test(Map<String, ?> vars) {
      return value;
    }

    @Override
    public void print(StringBuilder out) {
      out.append(value);
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

  record All(Cond[] conds) implements Cond {
    @Override
    public boolean test(Map<String, ?> vars) {
      for (Cond cond : conds) {
        if (!cond.test(vars)) {
          return false;
        }
      }
      return true;
    }

    @Override
    public void print(StringBuilder out) {
      Expr.printList(out, "and", conds, Cond::print);
    }
  }

  record Any(Cond[] conds) implements Cond {
    @Override
    public boolean test(Map<String, ?> vars) {
      for (Cond cond : conds) {
        if (cond.test(vars)) {
          return true;
        }
      }
      return false;
    }

    @Override
    public void print(StringBuilder out) {
      Expr.printList(out, "or", conds, Cond::print);
    }
  }
}
