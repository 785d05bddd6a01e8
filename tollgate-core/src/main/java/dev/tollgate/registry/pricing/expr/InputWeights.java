package dev.tollgate.registry.pricing.expr;

import graphql.schema.GraphQLInputValueDefinition;
import org.jspecify.annotations.Nullable;

/**
 * Where {@link ArgumentCost} reads {@code @cost} weights while it scores a variable: the schema's
 * price list, kept outside the expression language so that it stays free of directive reading.
 */
@FunctionalInterface
public interface InputWeights {

  /** The {@code @cost} weight of an argument or input field; null when it has none. */
  @Nullable Long weight(GraphQLInputValueDefinition definition);
}
