package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.expr.ExprText;

/**
 * The cost of a stored price ({@link CompiledPrice#serialize()}) as readable arithmetic over the
 * operation's variables, for people: {@code 2 + ($first ?? 10) × 4}.
 */
public final class PriceText {

  private PriceText() {}

  /**
   * The cost expression of {@code serialized} rendered by {@link ExprText}.
   *
   * @throws IllegalArgumentException when the text is not a price this version can read
   */
  public static String cost(String serialized) {
    for (String line : serialized.split("\n")) {
      if (line.startsWith("cost ")) {
        return ExprText.render(line.substring("cost ".length()));
      }
    }
    throw new IllegalArgumentException("unreadable price: no cost line");
  }
}
