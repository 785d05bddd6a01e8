package dev.tollgate.registry.pricing;

import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * How a request picks one operation of a document, for registered and open documents alike: by
 * {@code operationName}, or the only operation when no name (null or empty) is given. The messages
 * are graphql-java's ({@code NodeUtil.getOperation}).
 */
public final class OperationSelection {

  private OperationSelection() {}

  /**
   * The operation named {@code operationName}, or the only one when no name is given.
   *
   * @param name reads an operation's name, null when anonymous
   * @throws OperationNotFoundException when the name is unknown, or several operations and no name
   */
  public static <T> T select(
      List<T> operations, Function<T, @Nullable String> name, @Nullable String operationName) {
    if (operationName == null || operationName.isEmpty()) {
      return only(operations);
    }
    for (T operation : operations) {
      if (operationName.equals(name.apply(operation))) {
        return operation;
      }
    }
    throw new OperationNotFoundException("Unknown operation named '" + operationName + "'.");
  }

  private static <T> T only(List<T> operations) {
    if (operations.size() != 1) {
      throw new OperationNotFoundException(
          "Must provide operation name if query contains multiple operations.");
    }
    return operations.get(0);
  }
}
