package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.expr.Cond;
import graphql.language.Argument;
import graphql.language.BooleanValue;
import graphql.language.Directive;
import graphql.language.Value;
import graphql.language.VariableReference;
import java.util.List;

/** Reads a selection's {@code @skip}/{@code @include} as the condition under which it runs. */
final class SkipInclude {

  private SkipInclude() {}

  /** False only when a literal {@code @skip}/{@code @include} excludes the selection. */
  static boolean mayRun(List<Directive> directives) {
    return !Cond.FALSE.equals(live(directives, Binder.SYMBOLIC));
  }

  /** Whether the selection runs: its variables kept, or read, as {@code binder} says. */
  static Cond live(List<Directive> directives, Binder binder) {
    Cond live = Cond.TRUE;
    for (Directive directive : directives) {
      if (directive.getName().equals("include")) {
        live = Cond.and(live, ifArgument(directive, binder));
      } else if (directive.getName().equals("skip")) {
        live = Cond.and(live, Cond.not(ifArgument(directive, binder)));
      }
    }
    return live;
  }

  private static Cond ifArgument(Directive directive, Binder binder) {
    Argument argument = directive.getArgument("if");
    Value<?> value = argument == null ? null : argument.getValue();
    if (value instanceof BooleanValue literal) {
      return Cond.of(literal.isValue());
    }
    if (value instanceof VariableReference ref) {
      return binder.cond(Cond.var(ref.getName()));
    }
    return Cond.FALSE;
  }
}
