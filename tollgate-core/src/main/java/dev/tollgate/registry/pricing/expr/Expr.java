package dev.tollgate.registry.pricing.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A node of a compiled price expression, evaluated with long, saturating arithmetic against the
 * request's coerced variables. The factories fold constants: an operation whose price does not
 * depend on its variables compiles to one {@link Const}. Nodes are values: equal when their
 * operands are, arrays compared by content.
 */
public sealed interface Expr
    permits Expr.Const, Terms, Expr.Product, Expr.Clamp, Expr.When, Size, ArgumentCost {

  Expr ZERO = Const.SMALL[0];
  Expr ONE = Const.SMALL[1];

  long eval(Map<String, ?> vars);

  void print(StringBuilder out);

  /** A constant: one shared instance for each of 0 to 1023, the weights and sizes most used. */
  static Expr constant(long value) {
    return value >= 0 && value < Const.SMALL.length ? Const.SMALL[(int) value] : new Const(value);
  }

  static Expr sum(List<Expr> terms) {
    return fold(terms, Terms.Fold.SUM);
  }

  static Expr sum(Expr a, Expr b) {
    return sum(List.of(a, b));
  }

  static Expr max(List<Expr> terms) {
    return fold(terms, Terms.Fold.MAX);
  }

  /** Folds the constant terms into one (dropped when 0, the identity of both sum and max here). */
  private static Expr fold(List<Expr> terms, Terms.Fold fold) {
    long constant = 0;
    List<Expr> open = new ArrayList<>();
    for (Expr term : terms) {
      if (term instanceof Const c) {
        constant = fold.combine(constant, c.value);
      } else {
        open.add(term);
      }
    }
    if (open.isEmpty()) {
      return constant(constant);
    }
    if (constant != 0) {
      open.add(constant(constant));
    }
    return open.size() == 1 ? open.get(0) : new Terms(fold, open.toArray(Expr[]::new));
  }

  static Expr product(Expr a, Expr b) {
    if (a instanceof Const x && b instanceof Const y) {
      return constant(Sat.mul(x.value, y.value));
    }
    if (a.equals(ZERO) || b.equals(ZERO)) {
      return ZERO;
    }
    if (a.equals(ONE)) {
      return b;
    }
    return b.equals(ONE) ? a : new Product(a, b);
  }

  static Expr clamp(long limit, Expr e) {
    if (limit == Long.MAX_VALUE) {
      return e;
    }
    if (e instanceof Const c) {
      return constant(Math.min(limit, c.value));
    }
    return new Clamp(limit, e);
  }

  static Expr when(Cond cond, Expr then) {
    if (Cond.FALSE.equals(cond) || then.equals(ZERO)) {
      return ZERO;
    }
    return Cond.TRUE.equals(cond) ? then : new When(cond, then);
  }

  /**
   * A list size: the first source with a value ({@code largest == false}, the book's rule) or the
   * largest ({@code largest == true}, Apollo's), else the fallback; a negative size counts 0.
   */
  static Expr size(boolean largest, List<Source> sources, Expr fallback) {
    List<Source> open = new ArrayList<>();
    long best = Source.ABSENT;
    for (Source source : sources) {
      if (!source.isConstant()) {
        open.add(source);
        continue;
      }
      if (source.constant() == Source.ABSENT) {
        continue;
      }
      if (!largest) {
        open.add(source);
        break;
      }
      best = Math.max(best, source.constant());
    }
    if (best != Source.ABSENT) {
      open.add(Source.constant(best));
    }
    if (!open.isEmpty() && open.get(0).isConstant()) {
      return constant(Math.max(0, open.get(0).constant()));
    }
    if (open.isEmpty() && fallback instanceof Const c) {
      return constant(Math.max(0, c.value));
    }
    return new Size(largest, open.toArray(Source[]::new), fallback);
  }

  record Const(long value) implements Expr {
    static final Const[] SMALL = small(1024);

    private static Const[] small(int n) {
      Const[] constants = new Const[n];
      for (int i = 0; i < n; i++) {
        constants[i] = new Const(i);
      }
      return constants;
    }

    @Override
    public long eval(Map<String, ?> vars) {
      return value;
    }

    @Override
    public void print(StringBuilder out) {
      out.append(value);
    }
  }

  record Product(Expr a, Expr b) implements Expr {
    @Override
    public long eval(Map<String, ?> vars) {
      long left = a.eval(vars);
      return left == 0 ? 0 : Sat.mul(left, b.eval(vars));
    }

    @Override
    public void print(StringBuilder out) {
      out.append("(* ");
      a.print(out);
      out.append(' ');
      b.print(out);
      out.append(')');
    }
  }

  record Clamp(long limit, Expr e) implements Expr {
    @Override
    public long eval(Map<String, ?> vars) {
      return Math.min(limit, e.eval(vars));
    }

    @Override
    public void print(StringBuilder out) {
      out.append("(min ").append(limit).append(' ');
      e.print(out);
      out.append(')');
    }
  }

  record When(Cond cond, Expr then) implements Expr {
    @Override
    public long eval(Map<String, ?> vars) {
      return cond.test(vars) ? then.eval(vars) : 0;
    }

    @Override
    public void print(StringBuilder out) {
      out.append("(if ");
      cond.print(out);
      out.append(' ');
      then.print(out);
      out.append(')');
    }
  }
}
