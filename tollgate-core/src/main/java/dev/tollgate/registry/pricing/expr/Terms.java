package dev.tollgate.registry.pricing.expr;

import java.util.Map;

/** Terms folded from 0 ({@code (+ ...)}, {@code (max ...)}); equal when fold and terms are. */
final class Terms extends ArrayNode<Expr> implements Expr {

  /** How the terms fold: the saturating sum, or the largest term (at least 0). */
  public enum Fold {
    SUM("+"),
    MAX("max");

    private final String symbol;

    Fold(String symbol) {
      this.symbol = symbol;
    }

    long combine(long folded, long term) {
      return this == SUM ? Sat.add(folded, term) : Math.max(folded, term);
    }
  }

  private final Fold fold;

  public Terms(Fold fold, Expr[] terms) {
    super(fold.symbol, terms);
    this.fold = fold;
  }

  @Override
  public long eval(Map<String, ?> vars) {
    long folded = 0;
    for (Expr term : operands) {
      folded = fold.combine(folded, term.eval(vars));
    }
    return folded;
  }

  @Override
  void print(Expr term, StringBuilder out) {
    term.print(out);
  }
}
