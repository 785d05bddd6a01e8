package dev.tollgate.registry.pricing;

import graphql.GraphQLContext;
import graphql.GraphQLError;
import graphql.execution.RawVariables;
import graphql.execution.ValuesResolver;
import graphql.language.NonNullType;
import graphql.language.VariableDefinition;
import graphql.schema.GraphQLSchema;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Coerces raw JSON variables against an operation's variable definitions, as execution does. */
final class Variables {

  private Variables() {}

  /**
   * @return the coerced values: a variable that is absent and has no default is not a key; an
   *     explicit null is a key with a null value
   * @throws VariableCoercionException naming the variable that does not coerce or is missing
   */
  static Map<String, @Nullable Object> coerce(
      GraphQLSchema schema,
      List<VariableDefinition> definitions,
      Map<String, @Nullable Object> raw) {
    if (definitions.isEmpty()) {
      return Map.of();
    }
    try {
      return ValuesResolver.coerceVariableValues(
              schema, definitions, RawVariables.of(raw), GraphQLContext.getDefault(), Locale.ROOT)
          .toMap();
    } catch (RuntimeException e) {
      if (e instanceof GraphQLError || e instanceof IllegalArgumentException) {
        throw new VariableCoercionException(String.valueOf(e.getMessage()));
      }
      throw e;
    }
  }

  /** The definitions a request may leave out: nullable, or with a default. */
  static List<VariableDefinition> optional(List<VariableDefinition> definitions) {
    return definitions.stream()
        .filter(d -> d.getDefaultValue() != null || !(d.getType() instanceof NonNullType))
        .toList();
  }
}
