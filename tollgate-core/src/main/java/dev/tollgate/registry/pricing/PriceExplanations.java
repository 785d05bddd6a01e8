package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.expr.ExprText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Builds a {@link PriceExplanation} from a compiled price's terms and coerced variables. */
final class PriceExplanations {

  private PriceExplanations() {}

  static PriceExplanation of(
      long cost,
      String formula,
      List<String> names,
      Map<String, @Nullable Object> vars,
      List<PriceTerm> terms,
      boolean withText) {
    Map<String, @Nullable Object> used = new LinkedHashMap<>();
    for (String name : names) {
      used.put(name, vars.get(name));
    }
    List<PriceExplanation.Term> explained = new ArrayList<>();
    for (PriceTerm term : terms) {
      long value = term.cost().eval(vars);
      if (value != 0) {
        String text = withText ? text(term, used, value) : "";
        explained.add(new PriceExplanation.Term(term.coordinate(), text, value));
      }
    }
    explained.sort(Comparator.comparingLong(PriceExplanation.Term::cost).reversed());
    return new PriceExplanation(cost, formula, used, explained);
  }

  /** {@code Query.cargos: 1 + ($first ?? 10) × 3 with $first=5000 = 15001}. */
  private static String text(PriceTerm term, Map<String, @Nullable Object> used, long value) {
    String formula = ExprText.of(term.cost());
    StringBuilder text = new StringBuilder(term.coordinate()).append(": ").append(formula);
    String separator = " with ";
    for (Map.Entry<String, @Nullable Object> variable : used.entrySet()) {
      if (mentions(formula, variable.getKey())) {
        text.append(separator).append('$').append(variable.getKey()).append('=');
        text.append(variable.getValue());
        separator = ", ";
      }
    }
    if (!formula.equals(Long.toString(value))) {
      text.append(" = ").append(value);
    }
    return text.toString();
  }

  /** Whether {@code formula} names {@code $name} (not a longer name it starts). */
  private static boolean mentions(String formula, String name) {
    String variable = "$" + name;
    for (int at = formula.indexOf(variable); at >= 0; at = formula.indexOf(variable, at + 1)) {
      int end = at + variable.length();
      if (end == formula.length() || !isNameChar(formula.charAt(end))) {
        return true;
      }
    }
    return false;
  }

  private static boolean isNameChar(char c) {
    return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }
}
