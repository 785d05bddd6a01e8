package dev.tollgate.registry.pricing;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Why an operation costs what it costs with one request's variables, read from its compiled price
 * (never by analysing the document again): the cost formula, the values of the variables it used,
 * and the terms (root fields and the operation's base cost), most costly first.
 *
 * @param formula the cost expression as a person reads it ({@link CompiledPrice#costText()})
 * @param variables each declared variable's coerced value (its default when not sent), in the
 *     operation's order
 * @param terms every term that costs something, most costly first; they add up to {@code cost}
 *     (empty for a price stored before terms were kept)
 */
public record PriceExplanation(
    long cost, String formula, Map<String, @Nullable Object> variables, List<Term> terms) {

  public PriceExplanation {
    variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
    terms = List.copyOf(terms);
  }

  /**
   * One term.
   *
   * @param text the term's formula with the request's values: {@code Query.cargos: 1 + ($first ??
   *     10) × 3 with $first=5000 = 15001}
   */
  public record Term(String coordinate, String text, long cost) {}

  /** The {@code n} most costly terms. */
  public List<Term> top(int n) {
    return terms.subList(0, Math.min(n, terms.size()));
  }
}
