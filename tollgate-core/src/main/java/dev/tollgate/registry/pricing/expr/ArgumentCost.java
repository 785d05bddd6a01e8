package dev.tollgate.registry.pricing.expr;

import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLFieldsContainer;
import graphql.schema.GraphQLInputObjectField;
import graphql.schema.GraphQLInputObjectType;
import graphql.schema.GraphQLInputValueDefinition;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLType;
import graphql.schema.GraphQLTypeUtil;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Apollo's cost of an argument given by a variable: the variable's coerced value scored against the
 * argument's (or input field's) definition, as Apollo Router scores variables: an input object
 * costs its {@code @cost} weight (else 1) plus its fields, a list its weight (else 0) plus its
 * elements, a scalar or enum its weight (else 0), null and absent 0.
 *
 * @param coordinate {@code Type.field.argument} or {@code InputType.field}: how the definition is
 *     found again when the expression is read back
 * @param weights the schema's {@code @cost} weights
 */
public record ArgumentCost(
    String variable,
    String coordinate,
    GraphQLInputValueDefinition definition,
    InputWeights weights)
    implements Expr {

  @Override
  public long eval(Map<String, ?> vars) {
    return score(vars.get(variable), definition);
  }

  @Override
  public void print(StringBuilder out) {
    out.append("(argcost $").append(variable).append(' ').append(coordinate).append(')');
  }

  private long score(@Nullable Object value, GraphQLInputValueDefinition definition) {
    if (value == null) {
      return 0;
    }
    Long weight = weights.weight(definition);
    GraphQLType named = GraphQLTypeUtil.unwrapAll(definition.getType());
    if (value instanceof Map<?, ?> map && named instanceof GraphQLInputObjectType type) {
      return Sat.add(weight == null ? 1 : weight, scoreFields(map, type));
    }
    if (value instanceof List<?> list) {
      long total = weight == null ? 0 : weight;
      for (Object element : list) {
        total = Sat.add(total, score(element, definition));
      }
      return total;
    }
    return weight == null ? 0 : weight;
  }

  private long scoreFields(Map<?, ?> map, GraphQLInputObjectType type) {
    long total = 0;
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      GraphQLInputObjectField field = type.getField(String.valueOf(entry.getKey()));
      if (field != null) {
        total = Sat.add(total, score(entry.getValue(), field));
      }
    }
    return total;
  }

  public static String coordinate(
      GraphQLFieldsContainer parent, GraphQLFieldDefinition field, String argument) {
    return parent.getName() + "." + field.getName() + "." + argument;
  }

  public static String coordinate(GraphQLInputObjectType parent, GraphQLInputObjectField field) {
    return parent.getName() + "." + field.getName();
  }

  /** Finds a coordinate's definition in {@code schema}, or null. */
  static @Nullable GraphQLInputValueDefinition find(GraphQLSchema schema, String coordinate) {
    String[] parts = coordinate.split("\\.");
    GraphQLType type = schema.getType(parts[0]);
    if (parts.length == 2 && type instanceof GraphQLInputObjectType input) {
      return input.getField(parts[1]);
    }
    if (parts.length != 3 || !(type instanceof GraphQLFieldsContainer container)) {
      return null;
    }
    GraphQLFieldDefinition field = container.getFieldDefinition(parts[1]);
    return field == null ? null : field.getArgument(parts[2]);
  }
}
