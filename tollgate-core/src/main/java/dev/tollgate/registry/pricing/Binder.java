package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.expr.Cond;
import dev.tollgate.registry.pricing.expr.Expr;
import dev.tollgate.registry.pricing.expr.Source;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How variables enter a walk: kept as expression leaves ({@link #SYMBOLIC}, compiling a price), or
 * read at once from coerced variables ({@link #concrete}, the direct walk), in which case every
 * leaf is a constant and the whole walk folds to numbers.
 */
final class Binder {

  static final Binder SYMBOLIC = new Binder(null);

  private final @Nullable Map<String, ?> vars;

  private Binder(@Nullable Map<String, ?> vars) {
    this.vars = vars;
  }

  static Binder concrete(Map<String, ?> vars) {
    return new Binder(vars);
  }

  Cond cond(Cond cond) {
    return vars == null ? cond : Cond.of(cond.test(vars));
  }

  Source source(Source source) {
    return vars == null || source.isConstant() ? source : Source.constant(source.resolve(vars));
  }

  Expr expr(Expr expr) {
    return vars == null ? expr : Expr.constant(expr.eval(vars));
  }
}
