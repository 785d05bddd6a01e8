package dev.tollgate.registry.pricing;

import dev.tollgate.registry.pricing.expr.ArgumentCost;
import dev.tollgate.registry.pricing.expr.Expr;
import graphql.language.Argument;
import graphql.language.ArrayValue;
import graphql.language.Field;
import graphql.language.NullValue;
import graphql.language.ObjectField;
import graphql.language.ObjectValue;
import graphql.language.Value;
import graphql.language.VariableReference;
import graphql.schema.GraphQLArgument;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLFieldsContainer;
import graphql.schema.GraphQLInputObjectField;
import graphql.schema.GraphQLInputObjectType;
import graphql.schema.GraphQLInputValueDefinition;
import graphql.schema.GraphQLType;
import graphql.schema.GraphQLTypeUtil;
import java.util.ArrayList;
import java.util.List;

/**
 * Apollo's cost of the arguments a field is given: each argument, input field and list element its
 * {@code @cost} weight (an input object 1 by default, anything else 0); a variable's cost is read
 * from its value ({@link ArgumentCost}), kept as a leaf or folded as the {@link Binder} says.
 */
final class ArgumentCosts {

  private final CachedPrices prices;
  private final Binder binder;

  ArgumentCosts(CachedPrices prices, Binder binder) {
    this.prices = prices;
    this.binder = binder;
  }

  Expr of(Field field, GraphQLFieldsContainer parent, GraphQLFieldDefinition definition) {
    List<Expr> terms = new ArrayList<>();
    for (Argument argument : field.getArguments()) {
      GraphQLArgument declared = definition.getArgument(argument.getName());
      if (declared != null) {
        String coordinate = ArgumentCost.coordinate(parent, definition, declared.getName());
        terms.add(argumentCost(argument.getValue(), declared, coordinate));
      }
    }
    return Expr.sum(terms);
  }

  private Expr argumentCost(
      Value<?> value, GraphQLInputValueDefinition definition, String coordinate) {
    if (value instanceof VariableReference ref) {
      return binder.expr(new ArgumentCost(ref.getName(), coordinate, definition, prices));
    }
    if (value instanceof NullValue) {
      return Expr.ZERO;
    }
    Long weight = prices.cachedWeight(definition);
    GraphQLType named = GraphQLTypeUtil.unwrapAll(definition.getType());
    List<Expr> terms = new ArrayList<>();
    if (value instanceof ObjectValue object && named instanceof GraphQLInputObjectType input) {
      terms.add(Expr.constant(weight == null ? 1 : weight));
      for (ObjectField given : object.getObjectFields()) {
        terms.add(inputFieldCost(given, input));
      }
      return Expr.sum(terms);
    }
    terms.add(Expr.constant(weight == null ? 0 : weight));
    if (value instanceof ArrayValue list) {
      for (Value<?> element : list.getValues()) {
        terms.add(argumentCost(element, definition, coordinate));
      }
    }
    return Expr.sum(terms);
  }

  private Expr inputFieldCost(ObjectField given, GraphQLInputObjectType input) {
    GraphQLInputObjectField field = input.getField(given.getName());
    if (field == null) {
      return Expr.ZERO;
    }
    return argumentCost(given.getValue(), field, ArgumentCost.coordinate(input, field));
  }
}
