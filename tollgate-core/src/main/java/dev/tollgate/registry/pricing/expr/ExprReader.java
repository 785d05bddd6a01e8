package dev.tollgate.registry.pricing.expr;

import graphql.schema.GraphQLInputValueDefinition;
import graphql.schema.GraphQLSchema;
import java.util.ArrayList;
import java.util.List;

/** Reads the printed form of an {@link Expr} or a {@link Cond} back, bound to a schema. */
public final class ExprReader {

  private final GraphQLSchema schema;
  private final InputWeights weights;
  private final List<String> tokens;
  private int at;

  private ExprReader(GraphQLSchema schema, InputWeights weights, String text) {
    this.schema = schema;
    this.weights = weights;
    this.tokens = tokenize(text);
  }

  /**
   * Reads what {@link Expr#print} wrote.
   *
   * @throws IllegalArgumentException naming the token where the text stops making sense
   */
  public static Expr read(GraphQLSchema schema, InputWeights weights, String text) {
    ExprReader reader = new ExprReader(schema, weights, text);
    Expr expr = reader.expr();
    if (reader.at != reader.tokens.size()) {
      throw reader.error("trailing input");
    }
    return expr;
  }

  /** The printed form's tokens: parentheses and atoms. Shared with {@link ExprText}. */
  static List<String> tokenize(String text) {
    List<String> tokens = new ArrayList<>();
    StringBuilder atom = new StringBuilder();
    for (char c : text.toCharArray()) {
      boolean separator = c == '(' || c == ')' || Character.isWhitespace(c);
      if (separator && atom.length() > 0) {
        tokens.add(atom.toString());
        atom.setLength(0);
      }
      if (c == '(' || c == ')') {
        tokens.add(String.valueOf(c));
      } else if (!separator) {
        atom.append(c);
      }
    }
    if (atom.length() > 0) {
      tokens.add(atom.toString());
    }
    return tokens;
  }

  private String next() {
    if (at >= tokens.size()) {
      throw error("unexpected end");
    }
    return tokens.get(at++);
  }

  private void expect(String token) {
    if (!next().equals(token)) {
      throw error("expected " + token);
    }
  }

  private Expr expr() {
    String token = next();
    if (!token.equals("(")) {
      return Expr.constant(number(token));
    }
    String op = next();
    Expr expr =
        switch (op) {
          case "+" -> Expr.sum(exprs());
          case "max" -> Expr.max(exprs());
          case "*" -> product();
          case "min" -> Expr.clamp(number(next()), expr());
          case "if" -> when();
          case "first", "largest" -> size(op.equals("largest"));
          case "argcost" -> argumentCost();
          default -> throw error("unknown operator " + op);
        };
    expect(")");
    return expr;
  }

  private List<Expr> exprs() {
    List<Expr> terms = new ArrayList<>();
    while (!tokens.get(at).equals(")")) {
      terms.add(expr());
    }
    return terms;
  }

  private Expr product() {
    Expr a = expr();
    return new Expr.Product(a, expr());
  }

  private Expr when() {
    Cond cond = cond();
    return new Expr.When(cond, expr());
  }

  private Expr size(boolean largest) {
    Expr fallback = expr();
    List<Source> sources = new ArrayList<>();
    while (!tokens.get(at).equals(")")) {
      sources.add(source());
    }
    return new Size(largest, sources.toArray(Source[]::new), fallback);
  }

  private Source source() {
    String token = next();
    if (!token.equals("(")) {
      return Source.constant(optionalNumber(token));
    }
    expect("var");
    String name = variable(next());
    String path = next();
    long ifAbsent = optionalNumber(next());
    expect(")");
    return Source.variable(name, path.equals(".") ? "" : path.intern(), ifAbsent);
  }

  private Expr argumentCost() {
    String name = variable(next());
    String coordinate = next();
    GraphQLInputValueDefinition definition = ArgumentCost.find(schema, coordinate);
    if (definition == null) {
      throw error("no argument or input field " + coordinate + " in the schema");
    }
    return new ArgumentCost(name, coordinate.intern(), definition, weights);
  }

  private Cond cond() {
    String token = next();
    if (token.equals("true") || token.equals("false")) {
      return Cond.of(token.equals("true"));
    }
    if (!token.equals("(")) {
      return Cond.var(variable(token));
    }
    String op = next();
    Cond cond =
        switch (op) {
          case "not" -> new Cond.Not(cond());
          case "and" -> new Cond.All(conds());
          case "or" -> new Cond.Any(conds());
          default -> throw error("unknown condition " + op);
        };
    expect(")");
    return cond;
  }

  private Cond[] conds() {
    List<Cond> conds = new ArrayList<>();
    while (!tokens.get(at).equals(")")) {
      conds.add(cond());
    }
    return conds.toArray(Cond[]::new);
  }

  private String variable(String token) {
    if (!token.startsWith("$") || token.length() < 2) {
      throw error("expected a variable, got " + token);
    }
    return token.substring(1).intern(); // names recur across a registry's prices: held once
  }

  private long optionalNumber(String token) {
    return token.equals("none") ? Source.ABSENT : number(token);
  }

  private long number(String token) {
    try {
      return Long.parseLong(token);
    } catch (NumberFormatException e) {
      throw error("expected a number, got " + token);
    }
  }

  private IllegalArgumentException error(String problem) {
    return new IllegalArgumentException(
        "unreadable price expression at token " + at + ": " + problem);
  }
}
