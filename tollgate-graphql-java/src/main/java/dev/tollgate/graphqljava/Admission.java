package dev.tollgate.graphqljava;

import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.policy.KeyPolicy;
import graphql.GraphQLContext;
import org.jspecify.annotations.Nullable;

/**
 * What admission decided for one execution, left by the provider in the execution's {@code
 * GraphQLContext} for the instrumentation, which renders it once the result is known.
 */
record Admission(KeyPolicy policy, Decision decision) {

  /** The context key: a private object, so no application entry can collide with it. */
  private static final Object KEY = new Object();

  void putInto(GraphQLContext context) {
    context.put(KEY, this);
  }

  static void clear(GraphQLContext context) {
    context.delete(KEY);
  }

  static @Nullable Admission in(GraphQLContext context) {
    return context.get(KEY) instanceof Admission admission ? admission : null;
  }
}
