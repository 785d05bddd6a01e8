package dev.tollgate.registry.pricing.expr;

/** Saturating long arithmetic: a price never wraps around, it sticks at the bound. */
public final class Sat {

  private Sat() {}

  public static long add(long a, long b) {
    long sum = a + b;
    if (((a ^ sum) & (b ^ sum)) < 0) {
      return a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
    return sum;
  }

  public static long mul(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    long low = a * b;
    if ((high == 0 && low >= 0) || (high == -1 && low < 0)) {
      return low;
    }
    return (a ^ b) < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
  }
}
