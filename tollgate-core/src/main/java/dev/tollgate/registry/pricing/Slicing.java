package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.expr.Source;
import graphql.language.Argument;
import graphql.language.ArrayValue;
import graphql.language.Field;
import graphql.language.IntValue;
import graphql.language.NullValue;
import graphql.language.ObjectField;
import graphql.language.ObjectValue;
import graphql.language.Value;
import graphql.language.VariableReference;
import graphql.schema.GraphQLArgument;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLInputObjectField;
import graphql.schema.GraphQLInputObjectType;
import graphql.schema.GraphQLInputType;
import graphql.schema.GraphQLTypeUtil;
import graphql.schema.InputValueWithState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Resolves a slicing argument ({@code first}, or a path such as {@code input.pagination.first}) to
 * the {@link Source} of its coerced value: the literal, else the request's variable, else the
 * variable's default (coercion supplies it), else the schema default; explicit null is no value.
 */
final class Slicing {

  private static final Source NONE = Source.constant(Source.ABSENT);

  private Slicing() {}

  static List<Source> sources(Field field, GraphQLFieldDefinition definition, List<String> paths) {
    List<Source> sources = new ArrayList<>(paths.size());
    for (String path : paths) {
      sources.add(source(field, definition, path.split("\\.")));
    }
    return sources;
  }

  private static Source source(Field field, GraphQLFieldDefinition definition, String[] steps) {
    GraphQLArgument argument = definition.getArgument(steps[0]);
    if (argument == null) {
      return NONE;
    }
    long fallback = defaultValue(argument.getArgumentDefaultValue(), argument.getType(), steps, 1);
    for (Argument given : field.getArguments()) {
      if (given.getName().equals(steps[0])) {
        return literal(given.getValue(), argument.getType(), steps, 1, fallback);
      }
    }
    return Source.constant(fallback);
  }

  private static Source literal(
      Value<?> value, GraphQLInputType type, String[] steps, int at, long ifAbsent) {
    if (value instanceof VariableReference ref) {
      String rest = String.join(".", Arrays.copyOfRange(steps, at, steps.length));
      return Source.variable(ref.getName(), rest, ifAbsent);
    }
    if (value instanceof NullValue) {
      return NONE;
    }
    if (at == steps.length) {
      return Source.constant(leaf(value, type));
    }
    if (!(value instanceof ObjectValue object)
        || !(GraphQLTypeUtil.unwrapNonNull(type) instanceof GraphQLInputObjectType input)) {
      return NONE;
    }
    return objectField(object, input, steps, at);
  }

  private static Source objectField(
      ObjectValue object, GraphQLInputObjectType input, String[] steps, int at) {
    GraphQLInputObjectField field = input.getField(steps[at]);
    if (field == null) {
      return NONE;
    }
    long fallback = defaultValue(field.getInputFieldDefaultValue(), field.getType(), steps, at + 1);
    for (ObjectField given : object.getObjectFields()) {
      if (given.getName().equals(steps[at])) {
        return literal(given.getValue(), field.getType(), steps, at + 1, fallback);
      }
    }
    return Source.constant(fallback);
  }

  private static long leaf(Value<?> value, GraphQLInputType type) {
    if (value instanceof IntValue number) {
      return number.getValue().longValue();
    }
    if (value instanceof ArrayValue list) {
      return list.getValues().size();
    }
    // a single value given for a list argument is coerced to a list of one
    return GraphQLTypeUtil.isList(GraphQLTypeUtil.unwrapNonNull(type)) ? 1 : Source.ABSENT;
  }

  private static long defaultValue(
      InputValueWithState state, GraphQLInputType type, String[] steps, int at) {
    if (state.isLiteral() && state.getValue() instanceof Value<?> literal) {
      return literal(literal, type, steps, at, Source.ABSENT).constant();
    }
    if (!state.isSet()) {
      return Source.ABSENT;
    }
    Object current = state.getValue();
    for (int i = at; i < steps.length; i++) {
      if (!(current instanceof Map<?, ?> map)) {
        return Source.ABSENT;
      }
      current = map.get(steps[i]);
    }
    return Source.valueOf(current);
  }
}
