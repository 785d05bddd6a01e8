package dev.tollgate.registry.pricing.expr;

import java.util.Arrays;

/**
 * A node over an array of operands, printed {@code (op a b ...)}: equal to another node of the same
 * class and operator with equal operands, as a record would be if arrays compared by content.
 */
abstract class ArrayNode<T> {

  private final String operator;
  final T[] operands;

  ArrayNode(String operator, T[] operands) {
    this.operator = operator;
    this.operands = operands;
  }

  abstract void print(T operand, StringBuilder out);

  public final void print(StringBuilder out) {
    out.append('(').append(operator);
    for (T operand : operands) {
      out.append(' ');
      print(operand, out);
    }
    out.append(')');
  }

  @Override
  public final boolean equals(Object other) {
    return other != null
        && other.getClass() == getClass()
        && operator.equals(((ArrayNode<?>) other).operator)
        && Arrays.equals(operands, ((ArrayNode<?>) other).operands);
  }

  @Override
  public final int hashCode() {
    return 31 * operator.hashCode() + Arrays.hashCode(operands);
  }

  @Override
  public final String toString() {
    StringBuilder out = new StringBuilder();
    print(out);
    return out.toString();
  }
}
