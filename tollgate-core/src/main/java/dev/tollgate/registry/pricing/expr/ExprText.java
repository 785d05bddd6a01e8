package dev.tollgate.registry.pricing.expr;

import java.util.ArrayList;
import java.util.List;

/**
 * A price expression as a person reads it: the printed form of {@link Expr#print} ({@code (+ 2 (*
 * (first 10 (var $first . none)) 4))}) rendered as infix arithmetic ({@code 2 + ($first ?? 10) ×
 * 4}). Sums and products keep their precedence, list sizes read {@code $n ?? default}, a
 * conditional reads {@code ($x ? e : 0)}. Works on the text alone, without a schema, so that the
 * console can show any stored price. The schema impact reports ({@code oldPrice}/{@code newPrice})
 * read the same text through {@link #of(Expr)}.
 */
public final class ExprText {

  private static final int SUM = 1;
  private static final int PRODUCT = 2;
  private static final int ATOM = 3;

  private final List<String> tokens;
  private int at;

  private ExprText(String printed) {
    this.tokens = ExprReader.tokenize(printed);
  }

  /**
   * Renders {@code printed} ({@link Expr#print}'s form) as infix text.
   *
   * @throws IllegalArgumentException naming the token where the text stops making sense
   */
  public static String render(String printed) {
    ExprText text = new ExprText(printed);
    String rendered = text.expr(0);
    if (text.at != text.tokens.size()) {
      throw text.error("trailing input");
    }
    return rendered;
  }

  /** Renders {@code expr}. */
  public static String render(Expr expr) {
    StringBuilder out = new StringBuilder();
    expr.print(out);
    return render(out.toString());
  }

  /**
   * Renders {@code expr}, as {@link #render(Expr)} does: the name the schema impact reports call it
   * by ({@code oldPrice}/{@code newPrice}).
   */
  public static String of(Expr expr) {
    return render(expr);
  }

  private String expr(int parent) {
    String token = next();
    if (!token.equals("(")) {
      return number(token);
    }
    String op = next();
    String text =
        switch (op) {
          case "+" -> wrap(String.join(" + ", exprs(SUM)), SUM, parent);
          case "*" -> product(parent);
          case "max" -> "max(" + String.join(", ", exprs(0)) + ")";
          case "min" -> clamp();
          case "if" -> when();
          case "first" -> size(parent);
          case "largest" -> largest();
          case "argcost" -> argumentCost();
          default -> throw error("unknown operator " + op);
        };
    expect(")");
    return text;
  }

  private String product(int parent) {
    String a = expr(PRODUCT);
    return wrap(a + " × " + expr(PRODUCT), PRODUCT, parent);
  }

  private String clamp() {
    String limit = number(next());
    return "min(" + limit + ", " + expr(0) + ")";
  }

  private String when() {
    String cond = cond();
    return "(" + cond + " ? " + expr(0) + " : 0)";
  }

  /** The book's list size: the first source with a value, else the fallback. */
  private String size(int parent) {
    String fallback = expr(ATOM);
    List<String> choices = sources();
    choices.add(fallback);
    return choices.size() == 1 ? fallback : wrap(String.join(" ?? ", choices), SUM, parent);
  }

  /** Apollo's list size: the largest source with a value, else the fallback. */
  private String largest() {
    String fallback = expr(ATOM);
    List<String> choices = sources();
    return choices.isEmpty()
        ? fallback
        : "largest(" + String.join(", ", choices) + ") ?? " + fallback;
  }

  private List<String> sources() {
    List<String> sources = new ArrayList<>();
    while (!peek().equals(")")) {
      String source = source();
      if (!source.isEmpty()) {
        sources.add(source);
      }
    }
    return sources;
  }

  private String source() {
    String token = next();
    if (!token.equals("(")) {
      return token.equals("none") ? "" : number(token);
    }
    expect("var");
    String name = variable(next());
    String path = next();
    String ifAbsent = next();
    expect(")");
    String value = "$" + name + (path.equals(".") ? "" : "." + path);
    return ifAbsent.equals("none") ? value : value + " ?? " + number(ifAbsent);
  }

  private String argumentCost() {
    String name = variable(next());
    next(); // the coordinate: where the weights come from, not part of the arithmetic
    return "cost($" + name + ")";
  }

  private String cond() {
    String token = next();
    if (token.equals("true") || token.equals("false")) {
      return token;
    }
    if (!token.equals("(")) {
      return "$" + variable(token);
    }
    String op = next();
    String text =
        switch (op) {
          case "not" -> "not " + cond();
          case "and", "or" -> "(" + String.join(" " + op + " ", conds()) + ")";
          default -> throw error("unknown condition " + op);
        };
    expect(")");
    return text;
  }

  private List<String> conds() {
    List<String> conds = new ArrayList<>();
    while (!peek().equals(")")) {
      conds.add(cond());
    }
    return conds;
  }

  private List<String> exprs(int precedence) {
    List<String> terms = new ArrayList<>();
    while (!peek().equals(")")) {
      terms.add(expr(precedence));
    }
    return terms;
  }

  private static String wrap(String text, int own, int parent) {
    return own < parent ? "(" + text + ")" : text;
  }

  private String peek() {
    if (at >= tokens.size()) {
      throw error("unexpected end");
    }
    return tokens.get(at);
  }

  private String next() {
    String token = peek();
    at++;
    return token;
  }

  private void expect(String token) {
    if (!next().equals(token)) {
      throw error("expected " + token);
    }
  }

  private String variable(String token) {
    if (!token.startsWith("$") || token.length() < 2) {
      throw error("expected a variable, got " + token);
    }
    return token.substring(1);
  }

  private String number(String token) {
    try {
      return Long.toString(Long.parseLong(token));
    } catch (NumberFormatException e) {
      throw error("expected a number, got " + token);
    }
  }

  private IllegalArgumentException error(String problem) {
    return new IllegalArgumentException(
        "unreadable price expression at token " + at + ": " + problem);
  }
}
