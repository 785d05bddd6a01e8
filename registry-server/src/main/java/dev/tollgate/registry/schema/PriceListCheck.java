package dev.tollgate.registry.schema;

import dev.tollgate.registry.pricing.CostDirectives;
import graphql.schema.GraphQLAppliedDirective;
import graphql.schema.GraphQLArgument;
import graphql.schema.GraphQLDirective;
import graphql.schema.GraphQLDirectiveContainer;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLFieldsContainer;
import graphql.schema.GraphQLInputObjectField;
import graphql.schema.GraphQLInputObjectType;
import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLType;
import graphql.schema.GraphQLTypeUtil;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The price list's own rules, beyond what graphql-java checks: the declarations of the two price
 * directives, {@code @cost} and {@code @listSize}, take only the arguments pricing reads; no
 * directive is a misspelling of them; no weight or assumed size is negative; and every slicing
 * argument and sized field a {@code @listSize} names exists. Each problem names its coordinate.
 */
final class PriceListCheck {

  private static final Map<String, Set<String>> ARGUMENTS =
      Map.of(
          "cost", Set.of("weight"),
          "listSize",
              Set.of(
                  "assumedSize", "slicingArguments", "sizedFields", "requireOneSlicingArgument"));

  private final List<String> problems = new ArrayList<>();

  private PriceListCheck() {}

  static List<String> problems(GraphQLSchema schema) {
    PriceListCheck check = new PriceListCheck();
    check.declarations(schema);
    for (GraphQLNamedType type : schema.getAllTypesAsList()) {
      if (!type.getName().startsWith("__")) {
        check.type(type);
      }
    }
    return List.copyOf(check.problems);
  }

  private void declarations(GraphQLSchema schema) {
    for (Map.Entry<String, Set<String>> known : ARGUMENTS.entrySet()) {
      GraphQLDirective directive = schema.getDirective(known.getKey());
      if (directive == null) {
        continue;
      }
      for (GraphQLArgument argument : directive.getArguments()) {
        if (!known.getValue().contains(argument.getName())) {
          problems.add(
              "@"
                  + known.getKey()
                  + "("
                  + argument.getName()
                  + ":): unknown argument of a price directive (it takes "
                  + String.join(", ", known.getValue().stream().sorted().toList())
                  + ")");
        }
      }
    }
  }

  private void type(GraphQLNamedType type) {
    element(type.getName(), type);
    if (type instanceof GraphQLFieldsContainer fields) {
      for (GraphQLFieldDefinition field : fields.getFieldDefinitions()) {
        field(type.getName() + "." + field.getName(), field);
      }
    }
    if (type instanceof GraphQLInputObjectType input) {
      for (GraphQLInputObjectField field : input.getFieldDefinitions()) {
        element(type.getName() + "." + field.getName(), field);
      }
    }
  }

  private void field(String coordinate, GraphQLFieldDefinition field) {
    element(coordinate, field);
    for (GraphQLArgument argument : field.getArguments()) {
      element(coordinate + "(" + argument.getName() + ":)", argument);
    }
    CostDirectives.ListSize size = CostDirectives.listSize(field);
    if (size == null) {
      return;
    }
    if (size.assumedSize() != null && size.assumedSize() < 0) {
      problems.add(coordinate + ": @listSize(assumedSize:) is negative: " + size.assumedSize());
    }
    for (String slicing : size.slicingArguments()) {
      String argument = slicing.split("\\.", 2)[0];
      if (field.getArgument(argument) == null) {
        problems.add(
            coordinate
                + ": @listSize(slicingArguments:) names '"
                + slicing
                + "', but "
                + coordinate
                + " has no argument '"
                + argument
                + "'");
      }
    }
    sizedFields(coordinate, field, size.sizedFields());
  }

  private void sizedFields(String coordinate, GraphQLFieldDefinition field, List<String> sized) {
    GraphQLType returned = GraphQLTypeUtil.unwrapAll(field.getType());
    if (!(returned instanceof GraphQLFieldsContainer container)) {
      return;
    }
    for (String name : sized) {
      if (container.getFieldDefinition(name) == null) {
        problems.add(
            coordinate
                + ": @listSize(sizedFields:) names '"
                + name
                + "', but "
                + container.getName()
                + " has no field '"
                + name
                + "'");
      }
    }
  }

  private void element(String coordinate, Object element) {
    if (!(element instanceof GraphQLDirectiveContainer container)) {
      return;
    }
    for (GraphQLAppliedDirective directive : container.getAppliedDirectives()) {
      misspelt(coordinate, directive.getName());
    }
    Long weight = CostDirectives.weight(element);
    if (weight != null && weight < 0) {
      problems.add(coordinate + ": @cost(weight:) is negative: " + weight);
    }
  }

  private void misspelt(String coordinate, String name) {
    for (String known : ARGUMENTS.keySet()) {
      if (!name.equals(known)
          && name.toLowerCase(Locale.ROOT).equals(known.toLowerCase(Locale.ROOT))) {
        problems.add(
            coordinate
                + ": unknown directive @"
                + name
                + " on the price list (did you mean @"
                + known
                + "?)");
      }
    }
  }
}
