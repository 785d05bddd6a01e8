package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.expr.Expr;
import dev.tollgate.registry.pricing.expr.ExprReader;
import dev.tollgate.registry.pricing.expr.ExprText;
import graphql.parser.InvalidSyntaxException;
import graphql.schema.GraphQLSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a stored price ({@link CompiledPrice#serialize()}, or a {@link BrokenPrice}) back, bound to
 * a schema: for {@link OperationPricer#restore} and {@link OperationPricer#costText}.
 */
final class PriceReader {

  private final GraphQLSchema schema;
  private final CachedPrices prices;
  private final VariableSignature.Interned signatures;

  PriceReader(GraphQLSchema schema, CachedPrices prices) {
    this.schema = schema;
    this.prices = prices;
    this.signatures = new VariableSignature.Interned(schema);
  }

  CompiledPrice restore(String serialized) {
    if (BrokenPrice.isBroken(serialized)) {
      return BrokenPrice.read(serialized);
    }
    String[] lines = serialized.split("\n");
    if (lines.length < 4 || !lines[0].equals(ExpressionPrice.VERSION)) {
      throw new IllegalArgumentException(
          "unknown price format: expected "
              + ExpressionPrice.VERSION
              + ", got '"
              + (lines.length == 0 ? "" : lines[0])
              + "'");
    }
    try {
      String definitions = field(lines[1], "vars");
      Expr cost = ExprReader.read(schema, prices, field(lines[2], "cost"));
      Expr depth = ExprReader.read(schema, prices, field(lines[3], "depth"));
      return new ExpressionPrice(
          schema, signatures.read(definitions), cost, depth, terms(lines, cost));
    } catch (InvalidSyntaxException | IndexOutOfBoundsException e) {
      throw new IllegalArgumentException("unreadable price: " + e.getMessage(), e);
    }
  }

  String costText(String serialized) {
    if (BrokenPrice.isBroken(serialized)) {
      return BrokenPrice.read(serialized).costText();
    }
    String[] lines = serialized.split("\n");
    if (lines.length < 4 || !lines[0].equals(ExpressionPrice.VERSION)) {
      throw new IllegalArgumentException("unknown price format: " + lines[0]);
    }
    try {
      return ExprText.of(ExprReader.read(schema, prices, field(lines[2], "cost")));
    } catch (InvalidSyntaxException | IndexOutOfBoundsException e) {
      throw new IllegalArgumentException("unreadable price: " + e.getMessage(), e);
    }
  }

  /**
   * The {@code term <coordinate> <expr>} lines after the depth; none in older prices. A term
   * printed as the whole cost (an operation of one root field) shares the cost's expression.
   */
  private List<PriceTerm> terms(String[] lines, Expr cost) {
    if (lines.length <= 4) {
      return List.of();
    }
    String costText = field(lines[2], "cost");
    List<PriceTerm> terms = new ArrayList<>();
    for (int i = 4; i < lines.length; i++) {
      String rest = field(lines[i], "term");
      int space = rest.indexOf(' ');
      if (space <= 0) {
        throw new IllegalArgumentException("unreadable price: a term without a coordinate");
      }
      String text = rest.substring(space + 1);
      terms.add(
          new PriceTerm(
              rest.substring(0, space).intern(),
              text.equals(costText) ? cost : ExprReader.read(schema, prices, text)));
    }
    return terms;
  }

  private static String field(String line, String name) {
    if (!line.startsWith(name + " ") && !line.equals(name)) {
      throw new IllegalArgumentException(
          "unreadable price: expected '" + name + "', got '" + line + "'");
    }
    return line.substring(Math.min(line.length(), name.length() + 1));
  }
}
