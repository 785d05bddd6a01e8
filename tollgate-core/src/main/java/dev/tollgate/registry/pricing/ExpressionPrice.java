package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.expr.Expr;
import dev.tollgate.registry.pricing.expr.ExprText;
import graphql.language.AstPrinter;
import graphql.language.VariableDefinition;
import graphql.schema.GraphQLSchema;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A compiled price: the operation's variable definitions (parsed once, kept here), a cost and a
 * depth expression. Evaluating coerces the raw variables and walks two small trees; an operation
 * whose price does not depend on variables answers a constant.
 *
 * <p>Text form ({@link #VERSION} first, one item a line):
 *
 * <pre>
 * tgp1
 * vars ($n: Int, $ids: [ID!]!)
 * cost (min 429496 (+ 1 (* (first 10 (var $n . none)) 3)))
 * depth 4
 * term Query.cargos (min 429496 (+ 1 (* (first 10 (var $n . none)) 3)))
 * </pre>
 *
 * <p>The {@code term} lines (one per root field, and the base cost) explain a refusal ({@link
 * #explain}); a price stored without them still evaluates, and explains with its formula only.
 */
final class ExpressionPrice implements CompiledPrice {

  static final String VERSION = "tgp1";

  private final GraphQLSchema schema;
  private final VariableSignature signature;
  private final Expr cost;
  private final Expr depth;
  private final List<PriceTerm> terms;
  private final @Nullable Measure constant;

  ExpressionPrice(
      GraphQLSchema schema, List<VariableDefinition> definitions, Expr cost, Expr depth) {
    this(schema, VariableSignature.of(schema, definitions), cost, depth, List.of());
  }

  /**
   * A price over a signature shared with other prices ({@link VariableSignature.Interned}).
   *
   * @param terms what each root field (and the base cost) adds, adding up to {@code cost}; kept for
   *     explanations only
   */
  ExpressionPrice(
      GraphQLSchema schema,
      VariableSignature signature,
      Expr cost,
      Expr depth,
      List<PriceTerm> terms) {
    this.schema = schema;
    this.signature = signature;
    this.cost = cost;
    this.depth = depth;
    this.terms = List.copyOf(terms);
    boolean fixed = cost instanceof Expr.Const && depth instanceof Expr.Const;
    this.constant = fixed ? measure(Map.of()) : null;
  }

  @Override
  public Measure evaluate(Map<String, @Nullable Object> rawVariables) {
    if (signature.definitions.isEmpty()) {
      return constant != null ? constant : measure(Map.of());
    }
    Map<String, @Nullable Object> vars = signature.coercer.coerce(rawVariables);
    return constant != null ? constant : measure(vars);
  }

  @Override
  public List<String> variableNames() {
    return signature.names;
  }

  /** Required variables without a default are taken as absent. */
  @Override
  public Measure atDefaults() {
    if (constant != null) {
      return constant;
    }
    return measure(Variables.coerce(schema, signature.optional, Map.of()));
  }

  /** Evaluates with already coerced variables. */
  Measure measure(Map<String, ?> coerced) {
    long depthValue = depth.eval(coerced);
    return new Measure(cost.eval(coerced), (int) Math.min(Integer.MAX_VALUE, depthValue));
  }

  Expr cost() {
    return cost;
  }

  Expr depth() {
    return depth;
  }

  @Override
  public String costText() {
    return ExprText.of(cost);
  }

  @Override
  public String serialize() {
    StringBuilder out = new StringBuilder(VERSION).append("\nvars ");
    out.append(printDefinitions(signature.definitions)).append("\ncost ");
    cost.print(out);
    out.append("\ndepth ");
    depth.print(out);
    for (PriceTerm term : terms) {
      out.append("\nterm ").append(term.coordinate()).append(' ');
      term.cost().print(out);
    }
    return out.append('\n').toString();
  }

  @Override
  public PriceExplanation explain(Map<String, @Nullable Object> rawVariables) {
    return explain(rawVariables, true);
  }

  @Override
  public PriceExplanation explain(Map<String, @Nullable Object> rawVariables, boolean withText) {
    Map<String, @Nullable Object> vars =
        signature.definitions.isEmpty() ? Map.of() : signature.coercer.coerce(rawVariables);
    return PriceExplanations.of(
        cost.eval(vars), withText ? costText() : "", signature.names, vars, terms, withText);
  }

  static String printDefinitions(List<VariableDefinition> definitions) {
    if (definitions.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder("(");
    for (VariableDefinition definition : definitions) {
      out.append(out.length() > 1 ? ", " : "").append(AstPrinter.printAst(definition));
    }
    return out.append(')').toString();
  }

  @Override
  public String toString() {
    return serialize();
  }
}
