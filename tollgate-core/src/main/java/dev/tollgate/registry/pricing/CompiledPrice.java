package dev.tollgate.registry.pricing;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An operation's price compiled at registration: evaluated per request with the request's
 * variables, without parsing the document, to exactly what a full walk with the same variables
 * gives. Holds the operation's variable definitions so that it can coerce raw JSON variables
 * itself.
 */
public interface CompiledPrice {

  /**
   * Coerces raw JSON variables (as Jackson reads them) against the operation's variable
   * definitions, then evaluates.
   *
   * @throws VariableCoercionException when a variable does not coerce, or a required one is missing
   */
  Measure evaluate(Map<String, @Nullable Object> rawVariables);

  /**
   * The names of the operation's declared variables, in their order: the only ones forwarded to the
   * upstream (others a request sends are dropped).
   */
  List<String> variableNames();

  /** The measure with no variables given: every variable at its default, or absent. */
  Measure atDefaults();

  /**
   * The stable, versioned text form stored with the operation; {@link OperationPricer#restore}
   * reads it.
   */
  String serialize();

  /**
   * The cost expression as a person reads it ({@code 2 + $first × (1 + 3)}): for impact reports,
   * never read back.
   */
  default String costText() {
    return Long.toString(atDefaults().cost());
  }

  /**
   * Why the operation costs what it costs with {@code rawVariables}: the formula, the variables'
   * values and the terms, from this compiled price alone. Only refusals call it: it is not on the
   * path of an admitted request.
   *
   * @throws VariableCoercionException as {@link #evaluate} does
   */
  default PriceExplanation explain(Map<String, @Nullable Object> rawVariables) {
    return new PriceExplanation(evaluate(rawVariables).cost(), costText(), Map.of(), List.of());
  }

  /**
   * {@link #explain}, or without its texts (the formula and each term's text empty) when {@code
   * withText} is false: a summary needs the terms' coordinates and costs only, and printing
   * formulas is most of an explanation's cost.
   */
  default PriceExplanation explain(Map<String, @Nullable Object> rawVariables, boolean withText) {
    return explain(rawVariables);
  }
}
