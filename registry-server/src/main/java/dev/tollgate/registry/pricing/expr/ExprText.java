package dev.tollgate.registry.pricing.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * A price expression as a person reads it, for impact reports: {@code 2 + $first × (1 + 3)}. A list
 * size reads {@code ($first ?? 10)} (the variable, else the fallback), the largest of several
 * {@code largest($a, $b ?? 10)}, a conditional {@code if($x, …)}, a clamp {@code min(429496, …)},
 * an Apollo argument cost {@code cost($input)}. Not a serial form: {@link Expr#print} is.
 */
public final class ExprText {

  private ExprText() {}

  public static String of(Expr expr) {
    StringBuilder out = new StringBuilder();
    write(expr, out, false);
    return out.toString();
  }

  private static void write(Expr expr, StringBuilder out, boolean inProduct) {
    if (expr instanceof Expr.Const c) {
      out.append(c.value());
    } else if (expr instanceof Terms terms) {
      terms(terms, out, inProduct);
    } else if (expr instanceof Expr.Product product) {
      write(product.a(), out, true);
      out.append(" × ");
      write(product.b(), out, true);
    } else if (expr instanceof Expr.Clamp clamp) {
      out.append("min(").append(clamp.limit()).append(", ");
      write(clamp.e(), out, false);
      out.append(')');
    } else if (expr instanceof Expr.When when) {
      out.append("if(").append(cond(when.cond())).append(", ");
      write(when.then(), out, false);
      out.append(')');
    } else if (expr instanceof Size size) {
      size(size, out);
    } else if (expr instanceof ArgumentCost cost) {
      out.append("cost($").append(cost.variable()).append(')');
    }
  }

  private static void terms(Terms terms, StringBuilder out, boolean inProduct) {
    boolean sum = terms.fold() == Terms.Fold.SUM;
    StringJoiner joined = new StringJoiner(sum ? " + " : ", ");
    // the folded constant is the last operand; a reader expects it first
    List<Expr> ordered = new ArrayList<>();
    for (Expr term : terms.operands) {
      if (term instanceof Expr.Const) {
        ordered.add(0, term);
      } else {
        ordered.add(term);
      }
    }
    for (Expr term : ordered) {
      StringBuilder one = new StringBuilder();
      write(term, one, false);
      joined.add(one);
    }
    if (!sum) {
      out.append("max(").append(joined).append(')');
    } else if (inProduct) {
      out.append('(').append(joined).append(')');
    } else {
      out.append(joined);
    }
  }

  private static void size(Size size, StringBuilder out) {
    StringJoiner sources = new StringJoiner(", ");
    for (Source source : size.sources()) {
      sources.add(source(source));
    }
    StringBuilder fallback = new StringBuilder();
    write(size.fallback(), fallback, true);
    boolean single = size.sources().length <= 1;
    out.append(single ? "(" : size.largest() ? "largest(" : "first(");
    out.append(sources);
    out.append(size.sources().length == 0 ? "" : " ?? ").append(fallback).append(')');
  }

  private static String source(Source source) {
    String variable = source.variable();
    if (variable == null) {
      return Long.toString(source.constant());
    }
    String name = "$" + variable + (source.path().isEmpty() ? "" : "." + source.path());
    return source.constant() == Source.ABSENT ? name : name + " ?? " + source.constant();
  }

  private static String cond(Cond cond) {
    if (cond instanceof Cond.Var var) {
      return "$" + var.name();
    }
    if (cond instanceof Cond.Not not) {
      return "!" + cond(not.cond());
    }
    if (cond instanceof Cond.Junction junction) {
      StringJoiner joined = new StringJoiner(cond instanceof Cond.All ? " && " : " || ", "(", ")");
      for (Cond operand : junction.operands) {
        joined.add(cond(operand));
      }
      return joined.toString();
    }
    return cond.equals(Cond.TRUE) ? "true" : "false";
  }
}
